// citeaudit review page: offline filters over the findings table, and a check that every chart drew.
(function () {
  "use strict";
  var errors = [];
  window.addEventListener("error", function (event) {
    errors.push(String(event.message));
    document.body.setAttribute("data-js-errors", errors.join(" | "));
  });

  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-filter]"));
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.finding"));
  var shown = document.getElementById("shown-count");

  function apply() {
    var count = 0;
    rows.forEach(function (row) {
      var keep = selects.every(function (s) {
        var have = row.getAttribute("data-" + s.getAttribute("data-filter")) || "";
        if (s.value === "") { return true; }
        // data-multi: the row carries several names, space-separated (its reasons): one of them must match
        return s.hasAttribute("data-multi") ? have.split(" ").indexOf(s.value) >= 0 : have === s.value;
      });
      row.hidden = !keep;
      if (keep) { count += 1; }
    });
    if (shown) { shown.textContent = String(count); }
  }

  // filters may come in the address: review.html#verdict=fabricated&tenant=acme
  function fromHash() {
    var params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    selects.forEach(function (s) {
      var wanted = params.get(s.getAttribute("data-filter"));
      if (wanted !== null && Array.prototype.some.call(s.options, function (o) { return o.value === wanted; })) {
        s.value = wanted;
      }
    });
  }

  selects.forEach(function (s) { s.addEventListener("change", apply); });
  window.addEventListener("hashchange", function () { fromHash(); apply(); });
  fromHash();
  apply();

  // a chart with nothing to draw says so in its figure (data-rendered="empty") and is left alone
  Array.prototype.forEach.call(document.querySelectorAll("figure.chart svg"), function (svg) {
    var box = svg.getBoundingClientRect();
    var drawn = svg.querySelectorAll("path, rect, line, polyline").length;
    svg.closest("figure").setAttribute("data-rendered", String(box.width > 0 && box.height > 0 && drawn > 0));
  });
  document.body.setAttribute("data-ready", "true");
}());
