import PostalMime from "postal-mime";
import { setImmediate as yieldNow } from "node:timers/promises";
class Y extends PostalMime { declare readPos: number; yieldedAt = 0;
  async processLine(line: Uint8Array, final: boolean) {
    if (this.readPos - this.yieldedAt > 256*1024) { this.yieldedAt = this.readPos; await yieldNow(); }
    return (PostalMime.prototype as any).processLine.call(this, line, final);
  } }
function big() {
  const b = "mix";
  const parts = ["From: a@b.test","To: d@x.test","Subject: big","Message-ID: <big1@b.test>","MIME-Version: 1.0",`Content-Type: multipart/mixed; boundary="${b}"`,"",`--${b}`,"Content-Type: text/plain; charset=utf-8","Content-Transfer-Encoding: 8bit",""];
  const line = "gold bars and more text words here lorem ipsum dolor sit amet 0123456789\r\n";
  parts.push(line.repeat(Math.ceil(8*1024*1024/line.length)));
  for (let i=0;i<5000;i++) parts.push(`--${b}`,`Content-Type: application/octet-stream; name="f${i}.bin"`,"Content-Disposition: attachment; filename=\"f"+i+".bin\"","Content-Transfer-Encoding: base64","","QQ==");
  parts.push(`--${b}--`,"");
  return new TextEncoder().encode(parts.join("\r\n"));
}
const raw = big();
let last = performance.now(), maxGap = 0; const iv = setInterval(() => { const n = performance.now(); maxGap = Math.max(maxGap, n - last); last = n; }, 5);
const t = performance.now();
const e = await new Y({ attachmentEncoding: "arraybuffer" }).parse(raw);
const t2 = performance.now();
await new Promise(r=>setTimeout(r,10));
clearInterval(iv); console.log("parse", t2-t, "max gap", maxGap, e.text?.length, e.attachments.length);
const P = PostalMime.prototype as any;
for (const m of ["collectNode","renderTextContent","buildMessage","encodeAttachments","finalize"]) {
  const orig = P[m]; if (!orig) { console.log("no", m); continue; }
  P[m] = function(...a: any[]) { const s = performance.now(); const r = orig.apply(this, a); if (r?.then) return r.then((v: any)=>{ console.log(m, performance.now()-s); return v;}); console.log(m, performance.now()-s); return r; };
}
{ const s = performance.now(); await new Y({ attachmentEncoding: "arraybuffer" }).parse(raw); console.log("total", performance.now()-s); }
