/**
 * The styles of a location's page, beside the layout's shared ones: a header with the status and the main actions,
 * address and map side by side from 48rem (stacked below), the week and the rest in cards, and a print version of
 * the facts alone. Colours keep 4.5:1 against their backgrounds (WCAG AA).
 */
export const LOCATION_PAGE_STYLE = `
main.store{max-width:72rem;padding:0 1rem 3rem}
.breadcrumbs{max-width:72rem;margin:0 auto;padding:1rem 1rem 0;font-size:.9375rem}
.breadcrumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
.breadcrumbs li+li::before{content:"›";margin-right:.25rem;color:#57606a}
.breadcrumbs [aria-current]{color:#57606a}
.cover{margin:1rem 0 0;border-radius:12px;overflow:hidden;background:#eef1f4}
.cover img{display:block;width:100%;height:clamp(9rem,28vw,18rem);object-fit:cover}
.store-intro{padding:1.25rem 0 1.5rem}
.store-intro h1{font-size:clamp(1.75rem,4vw,2.5rem);line-height:1.15;margin:0}
.store-type{margin:.375rem 0 0;color:#57606a;font-weight:500}
.status{display:inline-flex;align-items:center;gap:.5rem;margin:.75rem 0 0;padding:.25rem .75rem;border-radius:999px;font-weight:600;font-size:.9375rem}
.status::before{content:"";width:.5rem;height:.5rem;border-radius:50%;background:currentColor}
.status.open{background:#e6f4ea;color:#0f5a2a}
.status.closed{background:#fdecea;color:#8a1c12}
.buttons{list-style:none;margin:1.25rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.button{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1.25rem;border-radius:8px;border:1px solid var(--accent);font-weight:600;text-decoration:none;color:var(--accent);background:#fff}
.button.primary{background:var(--accent);color:#fff}
.buttons li{flex:1 1 auto}
.button{width:100%;justify-content:center;box-sizing:border-box}
.button:hover{text-decoration:underline}
.button:focus-visible,.store a:focus-visible,.breadcrumbs a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.store h2{font-size:1.125rem;margin:0 0 .75rem}
.card{border:1px solid #d0d7de;border-radius:12px;padding:1.25rem;background:#fff}
.where{display:grid;gap:1rem;grid-template-columns:1fr}
.where address{font-style:normal;font-size:1.0625rem}
.where dl{margin:1rem 0 0}
.map-frame{position:relative;height:18rem;border-radius:12px;overflow:hidden;background:#e8ecef}
.map-frame>locator-map,.map-frame .static-map{position:absolute;inset:0;height:auto;max-width:none}
.static-map img{position:absolute;max-width:none}
.static-map .pin{position:absolute;left:50%;top:50%;width:1.25rem;height:1.25rem;margin:-1.25rem 0 0 -.625rem;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:var(--accent);border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.map{display:flex;flex-direction:column}
.map-link{margin:.5rem 0 0;font-size:.9375rem}
.details{display:grid;gap:1rem;grid-template-columns:1fr;margin-top:1rem}
.week{width:100%}
.week th,.week td{padding:.4rem .5rem;border-bottom:1px solid #eaeef2}
.week tbody tr:last-child th,.week tbody tr:last-child td{border-bottom:0}
.week thead th{font-size:.8125rem;text-transform:uppercase;letter-spacing:.04em;color:#57606a}
.week tr.today{background:#eaf2fb;font-weight:700}
.week .today-mark{margin-left:.5rem;padding:0 .5rem;border-radius:999px;background:var(--accent);color:#fff;font-size:.75rem;font-weight:600}
.special{margin:1.25rem 0 0}
.special h3{font-size:1rem;margin:0 0 .5rem}
.special ul,.nearby ul{list-style:none;margin:0;padding:0}
.special li{padding:.25rem 0}
.nearby li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #eaeef2}
.nearby li:last-child{border-bottom:0}
.nearby .distance{color:#57606a;white-space:nowrap}
.nearby .city{display:block;color:#57606a;font-size:.9375rem}
.details>div{display:grid;gap:1rem}
.fields dd{margin:0 0 .75rem}
@media (min-width:48rem){
.buttons li{flex:0 0 auto}
.where{grid-template-columns:minmax(16rem,2fr) 3fr;align-items:stretch}
.where .map-frame{flex:1;height:auto;min-height:20rem}
.details{grid-template-columns:3fr 2fr;align-items:start}
}
@media print{
@page{margin:1.5cm}
:root{--accent:#000}
.breadcrumbs,.buttons,.map,.nearby,.cover{display:none}
main.store{max-width:none;padding:0}
.where,.details{display:block}
.card{border:0;padding:0;margin:0 0 1rem;break-inside:avoid}
.status.open,.status.closed{padding:0;background:none;color:#000}
.week tr.today{background:none}
.week .today-mark{background:none;color:#000;border:1px solid #000}
a{color:#000;text-decoration:none}
}
`;
