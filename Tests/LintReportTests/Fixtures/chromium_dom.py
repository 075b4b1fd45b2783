"""chromium_dom.py PAGE.html SCREENSHOT.png NETLOG: the DOM of PAGE as headless Chromium builds it.

Every host name is unresolvable (--host-resolver-rules), so nothing could load from the
network even if the page asked; the net log is written to NETLOG for the test to read."""
import os, subprocess, sys, tempfile

page, screenshot, netlog = sys.argv[1:4]
common = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=5000"]
with tempfile.TemporaryDirectory() as folder:
    run = subprocess.run(common + ["--user-data-dir=" + os.path.join(folder, "dom"), "--log-net-log=" + netlog,
                                   "--net-log-capture-mode=Everything", "--dump-dom", "file://" + page],
                         capture_output=True, text=True, timeout=180)
    if run.returncode != 0 or "<html" not in run.stdout:
        sys.exit("chromium --dump-dom failed (%d): %s" % (run.returncode, run.stderr[-2000:]))
    shot = subprocess.run(common + ["--user-data-dir=" + os.path.join(folder, "shot"), "--window-size=1200,1600",
                                    "--screenshot=" + screenshot, "file://" + page],
                          capture_output=True, text=True, timeout=180)
    if shot.returncode != 0:
        sys.exit("chromium --screenshot failed (%d): %s" % (shot.returncode, shot.stderr[-2000:]))
sys.stdout.write(run.stdout)
