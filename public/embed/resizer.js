/*
 * The lesson's resizer for host pages: include it once, and every iframe showing a widget
 * from the lesson's origin takes the height its content reports, growing and shrinking with
 * it, so it never shows a scrollbar of its own. No dependency, no configuration:
 *
 *   <script src="https://LESSON/embed/resizer.js" async></script>
 *
 * It accepts only messages from the lesson's origin (the origin this script came from), and
 * only for the frame that sent them. The widgets send the shapes Canvas, Moodle, Sakai and
 * Brightspace already apply (lti.frameResize); this script applies the {context:
 * 'iframe.resize'} one, for every other host.
 */
(function () {
  var me = document.currentScript;
  var origin = me && me.src ? new URL(me.src, document.baseURI).origin : null;
  if (!origin || window.__batchLeaseResizer) return;
  window.__batchLeaseResizer = true;
  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.context !== 'iframe.resize' || typeof data.height !== 'number') return;
    if (!(data.height > 0 && data.height < 100000)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow !== event.source) continue;
      frames[i].style.height = Math.ceil(data.height) + 'px';
      return;
    }
  });
})();
