"""What the browser tests and the browser benchmark share: a `tessera serve` on loopback and a
headless Chromium (Debian's chromium and chromium-driver) driven by Selenium."""
import json
import shutil
import struct
import subprocess
import unittest
import urllib.request
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def start_server(binary: str) -> tuple[subprocess.Popen, str]:
    """`tessera serve` on a free loopback port, two event loops; the process and its base URL
    (read from its first line, `tessera listening on http://…`)."""
    server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--loops", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = server.stdout.readline().strip()
    if "listening on" not in first:
        server.kill()
        raise RuntimeError(f"unexpected first line from tessera: {first!r}")
    return server, first.rsplit(" ", 1)[-1]


def start_chromium(window: str, extra_flags: list[str] = (), console: bool = True) -> webdriver.Chrome:
    """Headless Chromium at device scale 1 with the window `window` ("1280,900"); `console`
    keeps the page's console messages for the test to read."""
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={window}",
                 "--force-device-scale-factor=1", "--hide-scrollbars", *extra_flags]:
        options.add_argument(flag)
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG's width, height and rows of RGB(A) bytes: the 8-bit, non-interlaced truecolour
    files Chromium's screenshots are (no imaging library needed to read a few pixels back)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunk = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "an 8-bit truecolour PNG"
            step = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        at += 12 + length
    raw, rows, previous = zlib.decompress(idat), [], bytes(width * step)
    for y in range(height):
        line = raw[y * (width * step + 1):(y + 1) * (width * step + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(len(row)):
            left = row[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(row))
        previous = row
    return width, height, rows


def pixel(image: tuple[int, int, list[bytes]], x: int, y: int) -> str:
    """The colour at (x, y) of `png_pixels`' answer, as #rrggbb."""
    width, _, rows = image
    step = len(rows[0]) // width
    return "#" + rows[y][x * step:x * step + 3].hex()


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait()


class BrowserTestCase(unittest.TestCase):
    """A live server and a headless Chromium for a test class: set `binary` (the tessera
    to start) and `window` before the tests run."""
    binary: str = ""
    window = "1280,900"

    @classmethod
    def setUpClass(cls):
        cls.server, cls.base = start_server(cls.binary)
        try:
            # --disable-gpu: pixels read back are drawn the same way on every machine.
            cls.driver = start_chromium(cls.window, ["--disable-gpu"])
        except Exception:
            stop(cls.server)
            raise

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        stop(cls.server)

    def api(self, method, path, body=None):
        """The server's JSON answer to a request (raises on an error status)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            return json.load(response)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)
