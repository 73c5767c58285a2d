/**
 * The bookmarklet: run on any site, it reads that page only (its images, address and
 * description) and opens the pin-create page in a popup, `{origin}/pin/create/button/?url=&media=
 * &description=&guid=`. It never adds a script, frame, style or element to the page, so a strict
 * Content-Security-Policy (`default-src 'none'`) does not stop it: a bookmarklet runs as the user's
 * own action (Chromium and Firefox do not apply the page's CSP to it), and `window.open` is not
 * governed by CSP.
 *
 * The picture is the largest `img` at least 120 px in both natural dimensions (the pin minimum,
 * docs/product/creating.md#limits); the page's og:image when no image qualifies; none otherwise, and the
 * pin-create page then asks `find_images` for the link's first pinnable image. No `color`: a cross-origin
 * image's pixels cannot be read (a tainted canvas), and the server takes the dominant colour itself.
 *
 * Plain ES5 written out as text, not a compiled function's `toString()`, so what people drag is
 * exactly this, whatever the bundler does.
 */
const SOURCE = `(function(o){
var d=document,e=encodeURIComponent,best='',area=0,i,m,w,h,s;
for(i=0;i<d.images.length;i++){m=d.images[i];w=m.naturalWidth;h=m.naturalHeight;s=m.currentSrc||m.src;
if(w>=MIN&&h>=MIN&&/^https?:/.test(s)&&w*h>area){area=w*h;best=s}}
function meta(q){var n=d.querySelector(q);return n&&n.getAttribute('content')||''}
var og=meta('meta[property="og:image"]');
if(!best&&og){try{best=new URL(og,location.href).href}catch(x){}}
var text=meta('meta[property="og:description"]')||meta('meta[name="description"]')||d.title||'';
var guid=Math.random().toString(36).slice(2,14);
var url=o+'/pin/create/button/?url='+e(location.href)+'&media='+e(best)+'&description='+e(text.slice(0,500))+'&guid='+guid;
var left=Math.max(0,(screen.width-SIZE)/2),top=Math.max(0,(screen.height-SIZE)/2);
window.open(url,'pin_create_'+guid,'width='+SIZE+',height='+SIZE+',left='+left+',top='+top+',scrollbars=yes,resizable=yes');
})(ORIGIN)`;

/** The popup's first size (at least 750 x 750; docs/product/creating.md#limits). */
const POPUP_SIZE = 750;
const MIN_IMAGE_PX = 120;

/** The script the bookmark runs, opening the pin-create page of `origin`. */
export function bookmarkletSource(origin: string): string {
  return SOURCE.replace(/\n/g, '')
    .replace(/SIZE/g, String(POPUP_SIZE))
    .replace(/MIN/g, String(MIN_IMAGE_PX))
    .replace('ORIGIN', JSON.stringify(origin));
}

/** The bookmark's address: `javascript:` and the script, percent-encoded. */
export function bookmarkletHref(origin: string): string {
  return `javascript:${encodeURIComponent(bookmarkletSource(origin))}`;
}
