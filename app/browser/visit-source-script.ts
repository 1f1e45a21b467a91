/**
 * Where the visit began (decision 053), kept without a cookie: on the first
 * page of a visit this notes its path, the referring site and its utm_*
 * parameters in sessionStorage (the tab's session, never sent anywhere by
 * itself); on the contact page it fills the form's hidden fields with them.
 * Without it, the server's own guess from the contact page's request stands.
 *
 * Inline on every public page, allowed by its hash in the Content Security
 * Policy (server/security-headers.ts hashes this very string), so prerendered
 * pages need no nonce and no extra request. Keep it short and ES5-plain.
 */
export const VISIT_SOURCE_SCRIPT = `(function(){try{var s=window.sessionStorage,k="visit-source",v=s.getItem(k);if(!v){var q=new URLSearchParams(location.search),r="";try{var u=new URL(document.referrer);if(u.host!==location.host)r=u.host}catch(e){}v=JSON.stringify({landing_page:location.pathname,referrer_host:r,utm_source:q.get("utm_source")||"",utm_medium:q.get("utm_medium")||"",utm_campaign:q.get("utm_campaign")||""});s.setItem(k,v)}var f=document.getElementById("visit-source");if(!f)return;var d=JSON.parse(v);for(var n in d){var i=f.querySelector("input[name="+n+"]");if(i)i.value=String(d[n]).slice(0,300)}}catch(e){}})();`;
