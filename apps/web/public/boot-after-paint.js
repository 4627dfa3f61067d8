/* global document, requestAnimationFrame */
// Loaded by the prerendered pages (apps/web/build/prerender-pages.ts) in place
// of the app's module script, whose address is in data-entry. The page is
// readable without the app, so its code is fetched once the page has painted:
// it does not compete with the CSS on a slow link, and evaluating it does not
// hold up the first paint. A file, as the CSP allows no inline script.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');

  // A form sent before the app has taken the page over would go out as a plain
  // GET, the password in the address: it is held, and sent again through the
  // app once it has taken the page over (main.tsx announces it).
  var held = null;
  function holdSubmit(event) {
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
  }
  document.addEventListener('submit', holdSubmit, true);
  // Sent again by a click on its button rather than by requestSubmit(): React takes
  // the parts of the page over one after another, and a click (not a bare submit
  // event) makes it take the form's part over at once, so that its handler runs.
  function resend(sent) {
    var button = sent.submitter && sent.submitter.isConnected ? sent.submitter : sent.form.querySelector('[type="submit"]');
    if (button) button.click();
    else sent.form.requestSubmit();
  }
  document.addEventListener(
    'notadoo:app-started',
    function () {
      document.removeEventListener('submit', holdSubmit, true);
      // In a task of its own: the announcement comes from inside React's work, where it cannot take a part over.
      var sent = held;
      held = null;
      if (sent && sent.form.isConnected) setTimeout(resend, 0, sent);
    },
    { once: true },
  );

  // React (a chunk of its own, vite.config.ts) is evaluated first and the app
  // in a later task: two shorter tasks instead of one long one that would keep
  // the page from answering a tap (issue 11: total blocking time). The app's
  // chunks are then fetched one round trip later, while the page is readable.
  function start() {
    import(script.getAttribute('data-react')).finally(function () {
      setTimeout(function () {
        import(entry);
      }, 0);
    });
  }

  // The frame callback runs just before the first paint; the timeout, after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
