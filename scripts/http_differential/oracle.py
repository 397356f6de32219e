"""The llhttp half of the differential: llhttp (Node.js's HTTP/1.1 parser, through the
`llhttp` Python binding, strict mode: no lenient_* flag set) reads a stream and gives the
same kind of verdict the Swift side gives.

A message is a dict: method (llhttp's name), t (target bytes), major, minor, f (head fields
as (name, value) pairs in order; trailers are dropped, as Tessera drops them), b (decoded
body), ka (llhttp_should_keep_alive), end (the offset after the message).

Value whitespace: llhttp drops the whitespace before a field value but keeps the
whitespace after it; RFC 9110 §5.5 excludes both from the value, so trailing SP and HTAB
are stripped here (Tessera strips both).
"""

import llhttp


class _Parser(llhttp.Request):
    def __init__(self):
        self.messages = []
        self.current = None
        self.name = bytearray()
        self.value = bytearray()
        self.in_head = False

    def on_message_begin(self):
        self.current = {"t": bytearray(), "f": [], "b": bytearray()}
        self.in_head = True
        self.name = bytearray()
        self.value = bytearray()

    def on_url(self, data):
        self.current["t"] += data

    def on_header_field(self, data):
        self.name += data

    def on_header_value(self, data):
        self.value += data

    def on_header_value_complete(self):
        if self.in_head:
            self.current["f"].append((bytes(self.name), bytes(self.value).rstrip(b" \t")))
        self.name = bytearray()
        self.value = bytearray()

    def on_headers_complete(self):
        self.in_head = False
        self.name = bytearray()
        self.current["method"] = self.method
        self.current["major"] = self.major
        self.current["minor"] = self.minor

    def on_body(self, data):
        self.current["b"] += data

    def on_message_complete(self):
        self.current["ka"] = bool(self.should_keep_alive)
        self.current["t"] = bytes(self.current["t"])
        self.current["b"] = bytes(self.current["b"])
        self.messages.append(self.current)
        self.current = None
        # Stop after each message, as Tessera does: `execute` returns where it ended.
        self.pause()


def run(data):
    """llhttp's verdict on `data`: a dict with m (messages), x ("more", "closed", "error",
    "upgrade"), and for an error e (the error's class name) and r (llhttp's reason). For
    "more", s says what llhttp makes of the stream once CRLFs follow (as on the Swift side):
    "accepted", "error" or "more"."""
    parser = _Parser()
    offset = 0
    result = {"m": parser.messages, "x": "more"}
    while offset < len(data):
        try:
            consumed = parser.execute(data[offset:])
        except llhttp.Error as error:
            result.update(x="error", e=type(error).__name__, r=str(error))
            return result
        if parser.is_upgrading:
            result["x"] = "upgrade"
            return result
        offset += consumed
        if not parser.is_paused:
            break
        parser.unpause()
        parser.messages[-1]["end"] = offset
        if not parser.messages[-1]["ka"]:
            result["x"] = "closed"
            return result
    result["m"] = list(parser.messages)
    settled = "more"
    count = len(parser.messages)
    for _ in range(8):
        try:
            parser.execute(b"\r\n")
        except llhttp.Error:
            settled = "error"
            break
        if parser.is_upgrading:
            break
        if len(parser.messages) > count:
            settled = "accepted"
            break
    result["s"] = settled
    return result
