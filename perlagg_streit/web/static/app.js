// perlagg-streit serve: the page works without this script; it adds line numbers that follow the
// text, syntax errors marked at their lines as one types, and a line's ruling without a reload.
// It never puts the user's text into HTML: text goes in through textContent; the only HTML it
// inserts is the server's, which escaped every user text.
(function () {
  "use strict";
  var area = document.getElementById("transcript");
  var gutter = document.getElementById("gutter");
  var list = document.getElementById("syntax");
  var lang = document.documentElement.lang || "de";
  var errors = [];

  function gutterLines() {
    var count = area.value.split("\n").length;
    var bad = {};
    errors.forEach(function (e) { bad[e.line] = e.message; });
    gutter.textContent = "";
    for (var n = 1; n <= count; n++) {
      var span = document.createElement("span");
      span.textContent = String(n);
      if (bad[n] !== undefined) { span.className = "bad"; span.title = bad[n]; }
      gutter.appendChild(span);
    }
    gutter.scrollTop = area.scrollTop;
  }

  function goTo(line) {
    var lines = area.value.split("\n");
    var start = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) { start += lines[i].length + 1; }
    area.focus();
    area.setSelectionRange(start, start + (lines[line - 1] || "").length);
    area.scrollTop = Math.max(0, (line - 3) * 20);
  }

  function showErrors() {
    list.textContent = "";
    errors.forEach(function (e) {
      var li = document.createElement("li");
      li.dataset.line = e.line;
      li.textContent = e.text;
      li.addEventListener("click", function () { goTo(e.line); });
      list.appendChild(li);
    });
    gutterLines();
  }

  var timer = null;
  function parse() {
    var body = new FormData();
    body.append("transcript", area.value);
    body.append("lang", lang);
    fetch("/api/parse", { method: "POST", body: body }).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (data) {
      if (!data) { return; }
      errors = data.errors;  // each with its text in the page's language, from the server's catalogue
      showErrors();
    }).catch(function () {});
  }

  if (area && gutter && list) {
    document.querySelectorAll("#syntax li, section.errors li").forEach(function (li) {
      li.addEventListener("click", function () { goTo(Number(li.dataset.line)); });
    });
    area.addEventListener("scroll", function () { gutter.scrollTop = area.scrollTop; });
    area.addEventListener("input", function () {
      gutterLines();
      clearTimeout(timer);
      timer = setTimeout(parse, 350);
    });
  }

  var lines = document.getElementById("lines");
  var panel = document.getElementById("line-ruling");
  if (lines && panel) {
    lines.addEventListener("click", function (event) {
      var button = event.target.closest("button.ln");
      if (!button) { return; }
      event.preventDefault();
      var body = new FormData(lines);
      body.set("line", button.value);
      fetch("/api/line", { method: "POST", body: body }).then(function (r) {
        if (!r.ok) { throw new Error(String(r.status)); }
        return r.json();
      }).then(function (data) {
        panel.innerHTML = data.html;  // the server's HTML: every user text in it is escaped
        lines.querySelectorAll("li.chosen").forEach(function (li) { li.classList.remove("chosen"); });
        button.parentElement.classList.add("chosen");
        panel.scrollIntoView({ block: "nearest" });
      }).catch(function () { lines.requestSubmit(button); });
    });
  }
}());
