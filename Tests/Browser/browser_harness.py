"""What the browser tests and the browser benchmark share: a `tessera serve` on loopback and a
headless Chromium (Debian's chromium and chromium-driver) driven by Selenium."""
import json
import shutil
import subprocess
import unittest
import urllib.request

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
