/* global document, requestAnimationFrame */
// Loaded by the prerendered pages (apps/web/build/prerender-pages.ts) in place of
// the app's module script, whose address is in data-entry (and the chunks it
// imports in data-preload): the page is readable without it, so its code is
// fetched once the page has painted instead of competing with the CSS for a
// slow link. A plain script, as the CSP allows no inline one.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function loadApp() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  // The frame callback runs before the first paint; the timeout after it.
  requestAnimationFrame(function () {
    setTimeout(loadApp, 0);
  });
})();
