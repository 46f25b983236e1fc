"""``perlagg-streit serve``: the referee in the browser (issue 22), floor 6 beside ``tools/``.

:mod:`.work` does one request's work without the web (read, judge, render); :mod:`.sandbox` runs
it in a process of its own with a time and memory limit; :mod:`.pages` writes the HTML; :mod:`.app`
is the Flask application and its waitress server. Flask and waitress are the optional extra
``web`` (``pip install ".[web]"``): only :mod:`.app` imports them, inside its functions. Nothing
but ``cli.py`` imports this room (tests/test_engine_layout.py).
"""
