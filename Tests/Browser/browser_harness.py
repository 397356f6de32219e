"""What the browser tests and the browser benchmark share: a `tessera serve` on loopback and a
headless Chromium (Debian's chromium and chromium-driver) driven by Selenium."""
import shutil
import subprocess

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
