// The replay viewer's script: rebuilds each board from the page's piece table, steps the
// timeline (slider, arrow keys, rounds, #pos=N), highlights the log and moves the chart cursors.
// Everything it shows is already in the page; it fetches nothing.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("viewer-data").textContent);
  var frames = data.frames;          // [position, log position of its decision or 0, round index, caption]
  var rounds = data.rounds;          // [first frame, label]
  var pieces = data.pieces;
  // The board lives in a shadow root: a game's SVG may carry its own <style>, which must not
  // restyle the page, and the page's style must not reach into the board.
  var board = document.getElementById("board").attachShadow({ mode: "open" });
  // The board is as wide as its pane, never shrunk further to fit the window's height (that made
  // tall boards' text unreadably small): the page scrolls instead.
  board.innerHTML = "<style>:host { display: block; } svg { display: block; width: 100%; height: auto; }" +
    "</style><div></div>";
  var drawing = board.lastChild;
  var slider = document.getElementById("slider");
  var where = document.getElementById("where");
  var caption = document.getElementById("caption");
  var note = document.getElementById("jump-note");
  var log = document.getElementById("log");
  var cursors = document.querySelectorAll("svg.chart .cursor");

  // Each picture is a list of operations on the previous picture's piece ids:
  // [start, stop] copies that run, a number adds that piece (see boardcore/view/boards.py).
  var pictures = [];
  (function decode() {
    var previous = [];
    data.pictures.forEach(function (ops) {
      var current = [];
      ops.forEach(function (op) {
        if (typeof op === "number") { current.push(op); }
        else { for (var i = op[0]; i < op[1]; i++) { current.push(previous[i]); } }
      });
      pictures.push(current);
      previous = current;
    });
  })();

  function svgAt(k) {
    return pictures[k].map(function (i) { return pieces[i]; }).join("");
  }

  var linesByFrame = {};
  Array.prototype.forEach.call(log.querySelectorAll("li"), function (li) {
    var f = li.getAttribute("data-frame");
    (linesByFrame[f] = linesByFrame[f] || []).push(li);
  });

  var current = -1;
  var lit = [];

  function frameAt(position) {
    // The last stop at or before `position` (stops are positions between whole decisions).
    var k = 0;
    for (var i = 0; i < frames.length; i++) { if (frames[i][0] <= position) { k = i; } else { break; } }
    return k;
  }

  var bar = document.querySelector("nav.timeline");
  function keepInView(li) {
    // Inside the log's own scroll box, a third of the way down...
    var top = li.offsetTop, bottom = top + li.offsetHeight;
    if (top < log.scrollTop || bottom > log.scrollTop + log.clientHeight) {
      log.scrollTop = Math.max(0, top - log.clientHeight / 3);
    }
    // ...and inside the window, below the timeline that stays at its top.
    var box = li.getBoundingClientRect(), above = bar.getBoundingClientRect().bottom;
    if (box.top < above) { window.scrollBy(0, box.top - above - 8); }
    else if (box.bottom > window.innerHeight) { window.scrollBy(0, box.bottom - window.innerHeight + 8); }
  }

  var asked = null;                  // the log line of a position asked for by the address, if not a stop

  function show(k, options) {
    options = options || {};
    k = Math.max(0, Math.min(frames.length - 1, Math.round(k)));
    if (!options.keepNote) { note.textContent = ""; }
    if (asked) { asked.classList.remove("asked"); asked = null; }
    if (options.position && options.position !== frames[k][0]) {
      asked = log.querySelector('li[data-pos="' + options.position + '"]');
      if (asked) { asked.classList.add("asked"); }
    }
    if (k !== current) {
      current = k;
      var f = frames[k];
      drawing.innerHTML = svgAt(k);
      slider.value = String(k);
      caption.textContent = f[3];
      lit.forEach(function (li) { li.classList.remove("current", "step"); });
      lit = linesByFrame[String(k)] || [];
      lit.forEach(function (li) { li.classList.add(li.classList.contains("decision") ? "current" : "step"); });
      Array.prototype.forEach.call(cursors, function (c) {
        var x = String(parseFloat(c.getAttribute("data-x0")) + k * parseFloat(c.getAttribute("data-dx")));
        c.setAttribute("x1", x);
        c.setAttribute("x2", x);
      });
      if (!options.fromAddress) {
        try { history.replaceState(null, "", "#pos=" + f[0]); } catch (e) { /* an address we may not set */ }
      }
    }
    var round = frames[k][2] >= 0 ? " · " + rounds[frames[k][2]][1] : "";
    var step = k < frames.length - 1 ? "decision " + (k + 1) + " of " + (frames.length - 1) : "end of the record";
    where.textContent = "position " + (options.position || frames[k][0]) + " of " + data.total + " · " + step + round;
    // The line to read: the one asked for, else this stop's decision, else (at the end) the last line.
    var line = asked || lit[0] || (k === frames.length - 1 ? log.lastElementChild : null);
    if (line) { keepInView(line); }
  }

  function fromAddress() {
    var m = /pos=(\d+)/.exec(location.hash);
    if (!m) { return false; }
    var wanted = parseInt(m[1], 10);
    var k = frameAt(wanted);
    var within = wanted >= frames[0][0] && wanted <= data.total;
    show(k, { fromAddress: true, keepNote: true, position: within ? wanted : null });
    if (frames[k][0] !== wanted) {
      note.textContent = wanted < frames[0][0]
        ? "position " + wanted + " is part of the setup: shown from position " + frames[k][0] + ", the first decision"
        : wanted > data.total
          ? "position " + wanted + " is past the end of the record (" + data.total + "): shown at the end"
          : "position " + wanted + " lies among the facts of a decision (its line is marked in the log): the " +
            "board is drawn where each decision is taken, so it is shown from position " + frames[k][0] +
            ", where that decision was taken";
    } else {
      note.textContent = "";
    }
    return true;
  }

  function roundStep(direction) {
    if (!rounds.length) { show(current + direction * 10); return; }
    var r = frames[current][2];
    if (direction > 0) {
      var next = rounds.filter(function (x) { return x[0] > current; })[0];
      show(next ? next[0] : frames.length - 1);
    } else {
      var start = r >= 0 ? rounds[r][0] : 0;
      show(current > start ? start : (r > 0 ? rounds[r - 1][0] : 0));
    }
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var handled = true;
    if (e.key === "ArrowRight") { e.shiftKey ? roundStep(1) : show(current + 1); }
    else if (e.key === "ArrowLeft") { e.shiftKey ? roundStep(-1) : show(current - 1); }
    else if (e.key === "PageDown") { roundStep(1); }
    else if (e.key === "PageUp") { roundStep(-1); }
    else if (e.key === "Home") { show(0); }
    else if (e.key === "End") { show(frames.length - 1); }
    else { handled = false; }
    if (handled) { e.preventDefault(); }
  });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("prev-round").addEventListener("click", function () { roundStep(-1); });
  document.getElementById("next-round").addEventListener("click", function () { roundStep(1); });
  window.addEventListener("hashchange", fromAddress);
  Array.prototype.forEach.call(document.querySelectorAll("svg.chart.line"), function (chart) {
    chart.addEventListener("click", function (e) {
      var c = chart.querySelector(".cursor");
      var point = chart.createSVGPoint();
      point.x = e.clientX; point.y = e.clientY;
      var x = point.matrixTransform(chart.getScreenCTM().inverse()).x;
      var dx = parseFloat(c.getAttribute("data-dx"));
      if (dx > 0) { show((x - parseFloat(c.getAttribute("data-x0"))) / dx); }
    });
  });

  // What the browser tests read: the stop shown and any board as text.
  window.boardcoreViewer = {
    frame: function () { return current; },
    frames: frames.length,
    position: function () { return frames[current][0]; },
    svg: svgAt,
    board: function () { return drawing; },
    show: show
  };

  if (!fromAddress()) { show(data.start); }
})();
