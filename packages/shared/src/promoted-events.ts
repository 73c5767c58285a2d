/**
 * The page's promoted-event reports, free of zod so the feed's cards can import it
 * (`@pinboard/shared/promoted-events`) without pulling the schemas into the first view.
 */

/** How many promoted events one report may carry (the page batches them). */
export const PROMOTED_EVENTS_MAX = 50;

/**
 * The query parameter a promoted click-through adds to the destination link (decision 69): the
 * click's token, which the advertiser's conversion tag reads from the landing page's address.
 */
export const AD_TOKEN_PARAM = 'pb_ad_token';

/** The call a conversion tag makes, on the product's public address. */
export const PROMOTED_CONVERSIONS_PATH = '/v3/promoted/conversions/';

/**
 * The snippet an advertiser pastes on every page of their site for one conversion tag (decision
 * 69). On a landing page it keeps the click's token from the address in the site's own storage (a
 * conversion often happens pages or days later); `pinboardConversion('CHECKOUT')`, called where the
 * event happens, reports it: a cross-origin call without cookies, which the product answers
 * to any site. Its JSON goes as `text/plain` (a string body's default type), so the call is a
 * simple request that needs no preflight, which some browsers never make for a keepalive call.
 */
export function conversionTagSnippet(publicOrigin: string, conversionTagId: string): string {
  const endpoint = JSON.stringify(`${publicOrigin}${PROMOTED_CONVERSIONS_PATH}`);
  return `<script>
(function () {
  var key = ${JSON.stringify(AD_TOKEN_PARAM)};
  var tag = ${JSON.stringify(conversionTagId)};
  var token = new URLSearchParams(location.search).get(key);
  try {
    if (token) localStorage.setItem(key, token);
    else token = localStorage.getItem(key);
  } catch (e) {}
  window.pinboardConversion = function (event) {
    if (!token || !window.fetch) return;
    fetch(${endpoint}, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: true,
      body: JSON.stringify({ events: [{ conversion_tag_id: tag, event: event, ad_token: token }] })
    });
  };
})();
</script>`;
}
