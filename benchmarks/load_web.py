"""A load test of `perlagg-streit serve` on localhost (issue 22): N concurrent clients post the
bundled examples (examples/*.perlagg) to /check as a browser's form would, for S seconds, each
sending its next request as soon as the last is answered. Reports requests/s, p50/p90/p99
latency and the errors (any status but 200, or a page without the ruling), and exits 1 on any
error.

The server is started as a user would (`perlagg-streit serve --port P`, a process of its own),
so its threads, its fork server and the clients' threads do not share one interpreter.

Run: python benchmarks/load_web.py [--clients 50] [--seconds 30]   (after pip install -e ".[web]")
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not start on port {port}")


def _client(port: int, bodies: list[bytes], until: float, latencies: list[float], errors: list[str],
            lock: threading.Lock) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    n = 0
    while time.monotonic() < until:
        body = bodies[n % len(bodies)]
        n += 1
        start = time.perf_counter()
        try:
            conn.request("POST", "/check", body=body, headers={"Content-Type": "application/x-www-form-urlencoded"})
            response = conn.getresponse()
            page = response.read()
            ok = response.status == 200 and b"class='summary'" in page
            problem = "" if ok else f"status {response.status}"
        except (OSError, http.client.HTTPException) as exc:
            problem = f"{type(exc).__name__}: {exc}"
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        took = time.perf_counter() - start
        with lock:
            latencies.append(took)
            if problem:
                errors.append(problem)
    conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    bodies = [urllib.parse.urlencode({"transcript": path.read_text("utf-8"), "lang": "de", "view": "ruling"}).encode()
              for path in sorted(EXAMPLES.glob("*.perlagg"))]
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "perlagg_streit.cli", "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "LANG": "C"})
    try:
        _wait_for(port)
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        start = time.monotonic()
        until = start + args.seconds
        threads = [threading.Thread(target=_client, args=(port, bodies, until, latencies, errors, lock))
                   for _ in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - start
    finally:
        server.terminate()
        server.wait(30)
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [latencies[0]] * 99
    print(f"{args.clients} clients, {elapsed:.1f} s, {len(bodies)} examples, {os.cpu_count()} cores")
    print(f"requests: {len(latencies)}, errors: {len(errors)}")
    print(f"requests/s: {len(latencies) / elapsed:.1f}")
    print(f"latency p50 {cuts[49] * 1000:.0f} ms, p90 {cuts[89] * 1000:.0f} ms, p99 {cuts[98] * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms")
    if errors:
        print("first errors:", *sorted(set(errors))[:5], sep="\n  ")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
