/* global document, requestAnimationFrame */
// Loaded by the prerendered pages (apps/web/build/prerender-pages.ts) in place
// of the app's module script, whose address is in data-entry. The page is
// readable without the app, so its code is fetched once the page has painted:
// it does not compete with the CSS on a slow link, and evaluating it does not
// hold up the first paint. A file, as the CSP allows no inline script.
(function () {
  var entry = document.currentScript.getAttribute('data-entry');
  // The frame callback runs just before the first paint; the timeout, after it.
  requestAnimationFrame(function () {
    setTimeout(function () {
      import(entry);
    }, 0);
  });
})();
