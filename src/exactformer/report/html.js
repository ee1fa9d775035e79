// exactformer audit page: a claimed cell, clicked or focused, shows its derivation in a panel and marks the
// cells it depends on and the cells it causes. The panel is a pane beside the tables on a wide screen and a
// sheet at the bottom on a narrow one, where the cell is scrolled above it: it never lies over the cell.
// Without this script every derivation is shown under its table.
"use strict";
(function () {
  document.documentElement.classList.add("js");
  var pane = document.getElementById("pane");
  var panel = document.getElementById("panel");
  var body = document.getElementById("panel-body");
  var marked = [];

  function unmark() {
    marked.forEach(function (pair) { pair[0].classList.remove(pair[1]); });
    marked = [];
  }
  function mark(ids, cls) {
    (ids || "").split(" ").forEach(function (id) {
      var el = id && document.getElementById(id);
      if (el) { el.classList.add(cls); marked.push([el, cls]); }
    });
  }
  function show(cell) {
    var d = document.getElementById(cell.getAttribute("href").slice(1));
    if (!d) { return; }
    unmark();
    body.replaceChildren(d.cloneNode(true));
    body.firstChild.removeAttribute("id");
    panel.classList.add("open");
    pane.classList.add("open");
    document.documentElement.classList.add("sheet");
    panel.setAttribute("aria-label", "derivation of " + cell.dataset.name);
    cell.classList.add("sel");
    marked.push([cell, "sel"]);
    mark(cell.dataset.deps, "dep");
    mark(cell.dataset.blame, "cause");
    mark(cell.dataset.effects, "effect");
    reveal(cell);
  }
  // a sheet that lies over the cell (the panel at the bottom of a narrow screen): scroll the cell above it
  function reveal(cell) {
    var p = panel.getBoundingClientRect(), r = cell.getBoundingClientRect();
    if (p.left >= r.right || p.right <= r.left || p.top >= window.innerHeight) { return; }
    var room = p.top - 8;
    if (r.bottom > room) { window.scrollBy(0, r.bottom - room); } else if (r.top < 8) { window.scrollBy(0, r.top - 8); }
  }
  function close() {
    panel.classList.remove("open");
    pane.classList.remove("open");
    document.documentElement.classList.remove("sheet");
    unmark();
  }
  var cells = Array.prototype.slice.call(document.querySelectorAll("a.claim"));
  cells.forEach(function (cell) {
    cell.addEventListener("click", function (e) { e.preventDefault(); show(cell); });
    cell.addEventListener("focus", function () { show(cell); });
  });
  // links to a cell (root causes, "depends on", "causes") move the focus there
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a.to-cell");
    if (!a) { return; }
    var cell = document.getElementById(a.getAttribute("href").slice(1));
    if (cell) { e.preventDefault(); cell.scrollIntoView({block: "center"}); cell.focus({preventScroll: true}); }
  });
  document.getElementById("panel-close").addEventListener("click", close);
  // arrow keys move between claimed cells of a table (Tab still walks every cell in order)
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { close(); return; }
    var cell = document.activeElement;
    if (!cell || !cell.classList || !cell.classList.contains("claim")) { return; }
    var td = cell.closest("td"), tr = td && td.parentElement;
    if (!td || !tr) { return; }
    var col = Array.prototype.indexOf.call(tr.children, td), target = null, row = tr;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      var step = e.key === "ArrowRight" ? 1 : -1;
      for (var k = col + step; k >= 0 && k < tr.children.length && !target; k += step) {
        target = tr.children[k].querySelector("a.claim");
      }
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      while (!target) {
        row = e.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling;
        if (!row) { break; }
        target = row.children[col] && row.children[col].querySelector("a.claim");
      }
    } else { return; }
    if (target) { e.preventDefault(); target.focus(); }
  });
})();
