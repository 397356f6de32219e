"""Request streams for the llhttp differential (docs/http1.md, "Parsing and the llhttp
differential").

`stream(seed, index)` gives the bytes of one stream and the names of the shapes it was
built from; the same seed and index always give the same stream, so any stream of a run
is reproduced alone (`run.py --seed S --only INDEX`).

A stream is one to four requests, pipelined. Each request starts valid (one of the seven
methods Tessera routes, or another one; origin- or absolute-form target; HTTP/1.1 or 1.0;
usual fields; no body, a Content-Length body or a chunked one), then may take one or two
"shapes": the known request-smuggling and parsing-ambiguity cases (CL+TE, repeated or
listed Content-Length, Transfer-Encoding variants, chunk-size overflow and extensions,
bare CR or LF, obs-fold, whitespace before the colon, NUL and high bytes in every part,
target forms, versions, keep-alive, Expect, Upgrade, limits). A stream may then take
byte-level mutations (insert, delete, replace, duplicate, truncate).
"""

import random

ROUTED = [b"GET", b"HEAD", b"POST", b"PUT", b"PATCH", b"DELETE", b"OPTIONS"]
OTHER_METHODS = [b"TRACE", b"CONNECT", b"PROPFIND", b"PURGE", b"QUERY", b"LINK", b"SEARCH", b"MKCOL",
                 b"REPORT", b"ACL", b"SOURCE", b"PRI", b"get", b"Get", b"BREW", b"GETT", b"POS", b"M-SEARCH"]
PATHS = [b"/", b"/v1/sessions", b"/v1/sessions/3f2a/rect?x=0&y=0&w=10&h=10", b"/v1/sessions/abc/updates",
         b"/healthz", b"/metrics", b"/openapi.yaml", b"/playground/", b"/%7Euser/a%20b", b"//double//slash",
         b"/a?b=c&d=%41", b"/a/../b", b"/a#frag", b"/a?q#f", b"/x;p=1", b"/" + b"a" * 40,
         b"/~!$&'()*+,;=:@", b"/a{}|^`\\", b"/a\"<>"]
ABSOLUTE = [b"http://example.com/x", b"https://h:8080/p?q=1", b"HTTP://H/", b"http://h?q", b"http://h",
            b"http://u@h/x", b"http://[::1]:8/x", b"http:///x", b"ftp://h/x", b"ws://h/x", b"*",
            b"example.com:443", b"h:80", b"http:/x", b"https://", b"mailto:a@b", b"/\\evil", b"http://h:/x"]
VERSIONS_OTHER = [b"HTTP/1.2", b"HTTP/0.9", b"HTTP/2.0", b"HTTP/3.0", b"HTTP/1.10", b"http/1.1", b"HTTP/1",
                  b"HTTP/11", b"HTTP/1.1 ", b"HTTP/ 1.1", b"HTTP/1.x", b"ICE/1.0", b"RTSP/1.0", b"HTTP/9.9"]
FIELD_NAMES = [b"Accept", b"User-Agent", b"X-Request-ID", b"Content-Type", b"Accept-Encoding", b"Cookie",
               b"Authorization", b"If-None-Match", b"X-Forwarded-For", b"Cache-Control", b"Origin", b"Via",
               b"X-Custom_Name", b"x-lower", b"X-Empty", b"Keep-Alive", b"TE", b"Trailer"]
FIELD_VALUES = [b"*/*", b"curl/8.0", b"a1b2c3", b"application/json", b"gzip, deflate, br", b"a=b; c=d",
                b"Bearer x.y.z", b'"etag"', b"10.0.0.1, 10.0.0.2", b"no-cache", b"http://o", b"1.1 proxy",
                b"", b"v" * 30, b"caf\xc3\xa9", b"\x80\xff", b"a\tb", b"a  b", b"trailers", b"timeout=5"]
OWS = [b"", b" ", b"  ", b"\t", b" \t"]
INTERESTING = [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1F, 0x20, 0x22, 0x2C, 0x3A, 0x3B, 0x3D,
               0x7F, 0x80, 0xA0, 0xC3, 0xFF, 0x2F, 0x3F, 0x23, 0x25, 0x40, 0x5C]


def _case(rng, word):
    choice = rng.random()
    if choice < 0.6:
        return word
    if choice < 0.8:
        return word.lower()
    if choice < 0.9:
        return word.upper()
    return bytes(c ^ 0x20 if 65 <= (c & 0xDF) <= 90 and rng.random() < 0.5 else c for c in word)


class Request:
    """One request as lines and body pieces, rendered to bytes by `render`."""

    def __init__(self):
        self.method = b"GET"
        self.target = b"/"
        self.version = b"HTTP/1.1"
        self.request_line = None   # replaces method/target/version when a shape rewrites it
        self.fields = []           # raw field lines, without their line ending
        self.body = b""            # the framed body bytes as sent (after the head's blank line)
        self.eol = [b"\r\n"]       # line endings, one per line (the last one repeats)
        self.prefix = b""          # bytes before the request line (empty lines)
        self.head_end = b"\r\n"    # the blank line ending the head

    def line(self):
        if self.request_line is not None:
            return self.request_line
        return self.method + b" " + self.target + b" " + self.version

    def render(self):
        lines = [self.line()] + self.fields
        out = [self.prefix]
        for number, line in enumerate(lines):
            out.append(line)
            out.append(self.eol[min(number, len(self.eol) - 1)])
        out.append(self.head_end)
        out.append(self.body)
        return b"".join(out)


def chunked(rng, data, pieces=None, ext=b"", last_ext=b"", trailers=(), size_of=None, data_end=b"\r\n"):
    """A chunked body of `data`: cut into pieces, each `size;ext CRLF data CRLF`, then the
    last chunk, trailers and the final CRLF. `size_of` writes a size (default lowercase hex)."""
    if pieces is None:
        pieces = []
        rest = data
        while rest:
            cut = rng.randint(1, max(1, len(rest)))
            pieces.append(rest[:cut])
            rest = rest[cut:]
    out = []
    for piece in pieces:
        size = size_of(len(piece)) if size_of else format(len(piece), "x").encode()
        out.append(size + ext + b"\r\n" + piece + data_end)
    out.append(b"0" + last_ext + b"\r\n")
    for trailer in trailers:
        out.append(trailer + b"\r\n")
    out.append(b"\r\n")
    return b"".join(out)


def body_text(rng, length):
    alphabet = b'{"a":[1,2.5,"x"],"b":null} \n\r\t\x00\xff0123456789abcdefGHIJ'
    return bytes(rng.choice(alphabet) for _ in range(length))


def valid_request(rng):
    request = Request()
    request.method = rng.choice(ROUTED) if rng.random() < 0.97 else rng.choice(OTHER_METHODS[:6])
    request.target = rng.choice(PATHS) if rng.random() < 0.9 else rng.choice(ABSOLUTE[:4])
    request.version = b"HTTP/1.1" if rng.random() < 0.8 else b"HTTP/1.0"
    fields = []
    if request.version == b"HTTP/1.1" or rng.random() < 0.5:
        fields.append(_case(rng, b"Host") + b":" + rng.choice(OWS[1:3]) + rng.choice([b"localhost", b"h:8080", b"[::1]", b""]))
    for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
        fields.append(_case(rng, rng.choice(FIELD_NAMES)) + b":" + rng.choice(OWS) + rng.choice(FIELD_VALUES)
                      + (rng.choice(OWS) if rng.random() < 0.3 else b""))
    if rng.random() < 0.15:
        fields.append(b"Connection: " + rng.choice([b"close", b"keep-alive", b"Keep-Alive", b"Upgrade", b"TE"]))
    framing = rng.random()
    has_body_method = request.method in (b"POST", b"PUT", b"PATCH")
    if framing < (0.5 if has_body_method else 0.08):
        data = body_text(rng, rng.choice([0, 1, 2, 5, 17, 64, 300]))
        fields.append(_case(rng, b"Content-Length") + b":" + rng.choice(OWS) + str(len(data)).encode())
        request.body = data
    elif framing < (0.85 if has_body_method else 0.12):
        data = body_text(rng, rng.choice([0, 1, 3, 16, 40, 200]))
        fields.append(_case(rng, b"Transfer-Encoding") + b":" + rng.choice(OWS) + _case(rng, b"chunked"))
        if request.version == b"HTTP/1.0" and rng.random() < 0.7:
            request.version = b"HTTP/1.1"
        trailers = [] if rng.random() < 0.8 else [b"X-Trailer: 1", b"Expires:" + rng.choice(OWS) + b"never"][:rng.randint(1, 2)]
        request.body = chunked(rng, data, trailers=trailers)
    if rng.random() < 0.1:
        fields.append(_case(rng, b"Expect") + b": " + _case(rng, b"100-continue"))
    rng.shuffle(fields)
    request.fields = fields
    return request


# Shapes: each rewrites a request in place (a stream's bytes are rendered afterwards).

def shape_cl_te(rng, request):
    data = body_text(rng, rng.randint(0, 12))
    cl = str(len(data) + rng.choice([0, 0, 3, -1 if data else 0, 5])).encode()
    te = rng.choice([b"chunked", b"Chunked", b" chunked", b"chunked ", b"gzip, chunked", b"identity"])
    pair = [b"Content-Length: " + cl, b"Transfer-Encoding:" + te]
    if rng.random() < 0.5:
        pair.reverse()
    request.fields = [f for f in request.fields if not f.lower().startswith((b"content-length", b"transfer-encoding"))] + pair
    request.body = chunked(rng, data) if rng.random() < 0.6 else data
    request.method = rng.choice([b"POST", b"GET", b"PUT"])


def shape_content_length(rng, request):
    data = body_text(rng, rng.randint(0, 20))
    n = str(len(data)).encode()
    value = rng.choice([
        [n, n], [n, b"0"], [n + b", " + n], [n + b"," + n], [b"+" + n], [b"-1"], [b" " + n + b" "], [b"0x" + n],
        [n + b".0"], [b"0" + n], [b"00000000000000000000" + n], [b"99999999999999999999999"], [b"18446744073709551616"],
        [n + b" " + n], [b"\t" + n], [b""], [n + b"\x00"], [n + b";"], [b"\xd9\xa3"], [n, b" " + n], [n + b","],
    ])
    request.fields = [f for f in request.fields if not f.lower().startswith((b"content-length", b"transfer-encoding"))]
    names = [b"Content-Length", b"content-length", b"CONTENT-LENGTH", b"Content-Length "]
    for v in value:
        request.fields.append(rng.choice(names[:3] if rng.random() < 0.9 else names) + b":" + (b" " if v[:1] != b" " else b"") + v)
    request.body = data
    request.method = rng.choice([b"POST", b"PUT", b"PATCH", b"GET", b"DELETE"])


def shape_transfer_encoding(rng, request):
    data = body_text(rng, rng.randint(0, 20))
    values = rng.choice([
        [b"chunked"], [b"CHUNKED"], [b"chunked", b"chunked"], [b"gzip", b"chunked"], [b"chunked", b"gzip"],
        [b"gzip, chunked"], [b"chunked, gzip"], [b"gzip"], [b"identity"], [b"xchunked"], [b"chunked;q=1"],
        [b"chunked\x0b"], [b"chunk"], [b"chunked,"], [b", chunked"], [b"chunked , chunked"], [b"\"chunked\""],
        [b"deflate,chunked"], [b""], [b"identity, chunked"],
    ])
    request.fields = [f for f in request.fields if not f.lower().startswith((b"content-length", b"transfer-encoding"))]
    for v in values:
        name = rng.choice([b"Transfer-Encoding", b"transfer-encoding", b"Transfer-Encoding", b"Transfer-Encoding ",
                           b"Transfer_Encoding", b"Transfer-Encodings"] if rng.random() < 0.2 else [b"Transfer-Encoding"])
        request.fields.append(name + b":" + rng.choice(OWS) + v)
    if rng.random() < 0.2:
        request.version = b"HTTP/1.0"
    request.body = chunked(rng, data) if rng.random() < 0.8 else data
    request.method = rng.choice([b"POST", b"PUT", b"PATCH", b"GET"])


def _chunked_head(request, rng):
    request.fields = [f for f in request.fields if not f.lower().startswith((b"content-length", b"transfer-encoding"))]
    request.fields.append(b"Transfer-Encoding: chunked")
    request.method = rng.choice([b"POST", b"PUT", b"PATCH"])
    if request.version != b"HTTP/1.1":
        request.version = b"HTTP/1.1"


def shape_chunk_size(rng, request):
    _chunked_head(request, rng)
    data = body_text(rng, rng.randint(1, 20))
    kind = rng.randrange(12)
    if kind == 0:
        request.body = b"ffffffffffffffffff\r\n" + data + b"\r\n0\r\n\r\n"
    elif kind == 1:
        request.body = b"1" + b"0" * rng.choice([14, 15, 16, 17]) + b"\r\n" + data
    elif kind == 2:
        request.body = chunked(rng, data, size_of=lambda n: b"0" * rng.randint(1, 30) + format(n, "X").encode())
    elif kind == 3:
        request.body = chunked(rng, data, size_of=lambda n: rng.choice([b"0x", b"-", b"+", b" ", b"\t", b""]) + format(n, "x").encode())
    elif kind == 4:
        request.body = chunked(rng, data, size_of=lambda n: format(n, "x").encode() + rng.choice([b" ", b"\t", b"g", b"\x00", b"\r"]))
    elif kind == 5:
        request.body = chunked(rng, data, size_of=lambda n: format(n + rng.choice([-1, 1, 2]), "x").encode())
    elif kind == 6:
        request.body = chunked(rng, data, data_end=rng.choice([b"", b"\n", b"\r", b"\r\r\n", b"X\r\n", b"\r\n\r\n"]))
    elif kind == 7:
        request.body = chunked(rng, data).replace(b"0\r\n\r\n", rng.choice([b"0\r\n", b"0\n\n", b"0\r\n\n", b"00\r\n\r\n", b"0;x\r\n\r\n", b"0 \r\n\r\n"]))
    elif kind == 8:
        request.body = b"\r\n" + chunked(rng, data)
    elif kind == 9:
        request.body = chunked(rng, data).replace(b"\r\n", b"\n", 1)
    elif kind == 10:
        request.body = b"7fffffffffffffff\r\n" + data
    else:
        request.body = chunked(rng, data, size_of=lambda n: format(n, "x").encode() + b"\r\n" + b"0")
    if rng.random() < 0.3:
        request.fields.append(b"Content-Length: " + str(len(data)).encode())


CHUNK_EXTENSIONS = [b";a", b";a=b", b';a="b c"', b';a="q\\"x";b;c=d', b';a=""', b";", b" ;a", b"; a", b";a =b", b";a= b",
                    b";=b", b';a="unterminated', b";a=b;", b";a=b c", b";a=\x00", b";a=\x7f", b';a="\x7f"', b";a\t",
                    b";a=\"\\\x01\"", b";a=b\t", b';a="\xff"', b";\xff", b";a=\xff", b";a;b;c;d;e;f;g;h" * 3, b";a=" + b"x" * 300,
                    b";ieof", b";a=b=c", b";a,b", b"\t;a", b";a=\"b\";"]


def shape_chunk_extensions(rng, request):
    _chunked_head(request, rng)
    data = body_text(rng, rng.randint(1, 20))
    ext = rng.choice(CHUNK_EXTENSIONS)
    where = rng.random()
    if where < 0.6:
        request.body = chunked(rng, data, ext=ext)
    else:
        request.body = chunked(rng, data, last_ext=ext)


def shape_trailers(rng, request):
    _chunked_head(request, rng)
    data = body_text(rng, rng.randint(0, 10))
    trailers = rng.choice([
        [b"X: 1"], [b"Content-Length: 5"], [b"Transfer-Encoding: chunked"], [b"nocolon"], [b" folded"], [b"X: a", b" folded"],
        [b"X : 1"], [b"X: \x00"], [b"X: \x80"], [b"X:1", b"Y:2", b"Z:3"], [b": empty"], [b"Host: a", b"Host: b"],
        [b"X: a\rb"], [b"Expect: 999"],
    ])
    request.body = chunked(rng, data, trailers=trailers)
    if rng.random() < 0.3:
        request.body = request.body[:-2] + rng.choice([b"\n", b"", b"\r", b"\r\n\r\n"])


def shape_line_endings(rng, request):
    """A bare LF or a bare CR (or CR CR LF) somewhere in the head."""
    lines = 1 + len(request.fields) + 1
    at = rng.randrange(lines)
    ending = rng.choice([b"\n", b"\r", b"\r\r\n", b"\n\r", b"\r\n\r", b" \r\n", b"\r \n"])
    if at == lines - 1:
        request.head_end = ending
    else:
        request.eol = [b"\r\n"] * lines
        request.eol[at] = ending
    if rng.random() < 0.3 and request.fields:
        field = rng.randrange(len(request.fields))
        value = request.fields[field]
        cut = rng.randrange(len(value) + 1)
        request.fields[field] = value[:cut] + rng.choice([b"\r", b"\n", b"\r\n"]) + value[cut:]


def shape_obs_fold(rng, request):
    field = rng.choice([b"X-Folded: a", b"Transfer-Encoding: chunked", b"Content-Length: 3", b"Host: h"])
    fold = rng.choice([b" b", b"\tb", b" ", b"  chunked", b"\t"])
    request.fields.insert(rng.randrange(len(request.fields) + 1), field)
    index = request.fields.index(field)
    request.fields.insert(index + 1, fold)
    if rng.random() < 0.3:
        request.fields.insert(0, rng.choice([b" leading", b"\tX: y"]))


def shape_field_syntax(rng, request):
    bad = rng.choice([
        b"X-Name : v", b"X-Name\t: v", b"Content-Length : 0", b"Transfer-Encoding : chunked", b"Host : h", b"Bad Name: x",
        b": empty", b"NoColon", b"X-A:b:c", b"X-\x00: v", b"X-\x80: v", b"X-(): v", b"X-@: v", b"X-{}: v", b"X-\"q\": v",
        b"X-/: v", b"X-=: v", b"X-,: v", b"X-;: v", b"X-\\: v", b"X-Long: " + b"v" * 400, b"\x00", b"X:", b"X: \t ",
        b"X-\x7f: v", b"X-?: v", b"X-[]: v",
    ])
    request.fields.insert(rng.randrange(len(request.fields) + 1), bad)


def shape_injected_byte(rng, request):
    """NUL, a control byte or a high byte in one part of the request."""
    byte = bytes([rng.choice(INTERESTING) if rng.random() < 0.8 else rng.randrange(256)])
    part = rng.randrange(6)

    def insert(value):
        at = rng.randrange(len(value) + 1)
        return value[:at] + byte + value[at:] if rng.random() < 0.7 or not value else value[:at] + byte + value[at + 1:]
    if part == 0:
        request.method = insert(request.method)
    elif part == 1:
        request.target = insert(request.target)
    elif part == 2:
        request.version = insert(request.version)
    elif part == 3 and request.fields:
        i = rng.randrange(len(request.fields))
        name, colon, value = request.fields[i].partition(b":")
        request.fields[i] = insert(name) + colon + value
    elif part == 4 and request.fields:
        i = rng.randrange(len(request.fields))
        name, colon, value = request.fields[i].partition(b":")
        request.fields[i] = name + colon + insert(value)
    else:
        _chunked_head(request, rng)
        data = body_text(rng, rng.randint(1, 8))
        request.body = chunked(rng, data, size_of=lambda n: insert(format(n, "x").encode()), pieces=[data])


def shape_request_line(rng, request):
    kind = rng.randrange(10)
    if kind == 0:
        request.request_line = request.method + rng.choice([b"  ", b"\t", b" \t"]) + request.target + b" " + request.version
    elif kind == 1:
        request.request_line = request.method + b" " + request.target + rng.choice([b"  ", b"\t"]) + request.version
    elif kind == 2:
        request.request_line = rng.choice([b" ", b"\t"]) + request.line()
    elif kind == 3:
        request.request_line = request.line() + rng.choice([b" ", b"\t", b"  "])
    elif kind == 4:
        request.request_line = request.method + b" " + request.version
    elif kind == 5:
        request.request_line = request.method + b" " + request.target
    elif kind == 6:
        request.request_line = request.method + b" " + request.target + b" extra " + request.version
    elif kind == 7:
        request.request_line = request.method
    elif kind == 8:
        request.request_line = b""
    else:
        request.request_line = request.method + b" " + request.target + b" " + request.version + b" " + request.version


def shape_method(rng, request):
    request.method = rng.choice(OTHER_METHODS)
    if request.method == b"CONNECT" and rng.random() < 0.7:
        request.target = rng.choice([b"example.com:443", b"h:80", b"/"])
    if request.method == b"PRI":
        request.target, request.version = b"*", b"HTTP/2.0"
        request.fields, request.body = [], b"SM\r\n\r\n"


def shape_target(rng, request):
    request.target = rng.choice(ABSOLUTE) + (rng.choice(PATHS)[1:] if rng.random() < 0.3 else b"")
    if rng.random() < 0.2:
        request.target = b""


def shape_version(rng, request):
    request.version = rng.choice(VERSIONS_OTHER)


def shape_keep_alive(rng, request):
    request.version = rng.choice([b"HTTP/1.0", b"HTTP/1.1"])
    request.fields = [f for f in request.fields if not f.lower().startswith(b"connection")]
    for value in rng.choice([
        [b"close"], [b"keep-alive"], [b"Keep-Alive"], [b"KEEP-ALIVE"], [b"close, keep-alive"], [b"keep-alive, close"],
        [b"keep-alive", b"close"], [b"close", b"keep-alive"], [b"Upgrade, close"], [b"closed"], [b"close,"], [b",close"],
        [b"  close  "], [b"foo, close"], [b"keep-alive , close"], [b"keep-alive,upgrade"], [b"x close"], [b"close x"],
        [b"keep-alive;q=1"], [b"\tclose"], [b"TE, close"], [b""], [b"clos"], [b"keep-alive, keep-alive"],
    ]):
        request.fields.insert(rng.randrange(len(request.fields) + 1), _case(rng, b"Connection") + b":" + rng.choice(OWS) + value)


def shape_expect(rng, request):
    value = rng.choice([b"100-continue", b"100-Continue", b"100-CONTINUE", b"100-continue ", b"200-ok", b"",
                        b"100-continue, foo", b"100-continu", b"100-continue;x=1"])
    request.fields.append(_case(rng, b"Expect") + b":" + rng.choice(OWS) + value)
    if rng.random() < 0.3:
        request.fields.append(b"Expect: 100-continue")
    if rng.random() < 0.5 and not request.body:
        data = body_text(rng, rng.randint(0, 8))
        request.fields.append(b"Content-Length: " + str(len(data)).encode())
        request.body = data
        request.method = rng.choice([b"POST", b"PUT"])
    if rng.random() < 0.3:
        request.version = b"HTTP/1.0"


def shape_host(rng, request):
    request.fields = [f for f in request.fields if not f.lower().startswith(b"host")]
    for value in rng.choice([[b"a", b"a"], [b"a", b"b"], [], [b""], [b"a", b""], [b"a:1"], [b"a b"], [b"a,b"]]):
        request.fields.insert(rng.randrange(len(request.fields) + 1), _case(rng, b"Host") + b": " + value)


def shape_upgrade(rng, request):
    request.fields.append(b"Upgrade: " + rng.choice([b"websocket", b"h2c", b"foo"]))
    if rng.random() < 0.8:
        request.fields.append(b"Connection: " + rng.choice([b"Upgrade", b"upgrade, keep-alive", b"Upgrade, HTTP2-Settings"]))
    request.method = rng.choice([b"GET", b"POST", b"OPTIONS"])


def shape_empty_lines(rng, request):
    request.prefix = rng.choice([b"\r\n", b"\r\n\r\n", b"\n", b"\r", b"\r\r\n", b"\n\r\n", b" \r\n", b"\t\r\n", b"\x00\r\n"])


def shape_limits(rng, request):
    kind = rng.randrange(4)
    if kind == 0:
        request.target = b"/" + b"t" * rng.choice([LIMITS[0] - 2, LIMITS[0] - 1, LIMITS[0], LIMITS[0] + 1, LIMITS[0] + 50])
    elif kind == 1:
        size = rng.choice([LIMITS[1] - 40, LIMITS[1] - 10, LIMITS[1], LIMITS[1] + 30])
        request.fields = [b"X-Big: " + b"h" * max(0, size - 9)]
    elif kind == 2:
        n = rng.choice([LIMITS[2] - 1, LIMITS[2], LIMITS[2] + 1, 10 ** 12])
        request.fields = [f for f in request.fields if not f.lower().startswith((b"content-length", b"transfer-encoding"))]
        request.fields.append(b"Content-Length: " + str(n).encode())
        request.body = b"b" * n if n <= LIMITS[2] + 1 else b"b" * 10
        request.method = b"POST"
    else:
        _chunked_head(request, rng)
        n = rng.choice([LIMITS[2] // 2, LIMITS[2], LIMITS[2] + 1])
        request.body = chunked(rng, b"c" * n, pieces=[b"c" * (n - n // 2), b"c" * (n // 2)])


SHAPES = [shape_cl_te, shape_content_length, shape_transfer_encoding, shape_chunk_size, shape_chunk_extensions,
          shape_trailers, shape_line_endings, shape_obs_fold, shape_field_syntax, shape_injected_byte,
          shape_request_line, shape_method, shape_target, shape_version, shape_keep_alive, shape_expect, shape_host,
          shape_upgrade, shape_empty_lines, shape_limits]
SHAPE_WEIGHTS = [8, 8, 8, 7, 6, 4, 8, 4, 6, 10, 4, 3, 4, 3, 6, 3, 3, 2, 3, 1]

# The limits the Swift side runs with (maxTargetLength, maxHeaderBytes, maxBodyBytes):
# smaller than the server's defaults so that streams at the limits stay short.
LIMITS = (1024, 2048, 4096)


def mutate(rng, data):
    """One byte-level mutation of a rendered stream."""
    if not data:
        return bytes([rng.choice(INTERESTING)])
    kind = rng.randrange(6)
    at = rng.randrange(len(data) + 1)
    byte = bytes([rng.choice(INTERESTING) if rng.random() < 0.7 else rng.randrange(256)])
    if kind == 0:
        return data[:at] + byte + data[at:]
    if kind == 1:
        return data[:at] + data[at + rng.randint(1, 3):]
    if kind == 2:
        return data[:at] + byte + data[at + 1:]
    if kind == 3:
        end = min(len(data), at + rng.randint(1, 40))
        return data[:end] + data[at:end] + data[end:]
    if kind == 4:
        return data[:at]
    # swap two lines
    lines = data.split(b"\r\n")
    if len(lines) > 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return b"\r\n".join(lines)


def stream(seed, index):
    rng = random.Random(f"{seed}:{index}")
    count = rng.choice([1, 1, 1, 2, 2, 3, 4])
    parts, tags = [], []
    for _ in range(count):
        request = valid_request(rng)
        roll = rng.random()
        if roll < 0.55:
            for shape in rng.choices(SHAPES, SHAPE_WEIGHTS, k=1 if roll < 0.45 else 2):
                shape(rng, request)
                tags.append(shape.__name__[6:])
        parts.append(request.render())
    data = b"".join(parts)
    if rng.random() < 0.12:
        for _ in range(rng.randint(1, 3)):
            data = mutate(rng, data)
        tags.append("mutated")
    if not tags:
        tags.append("valid")
    return data, tags
