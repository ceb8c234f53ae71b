import http from 'node:http';
const [base, admin, N] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const req = (method, path, headers) => new Promise((res, rej) => { const r = http.request(base + path, { method, headers, agent }, (s) => { let d=''; s.on('data', c => d += c); s.on('end', () => res(d)); }); r.on('error', rej); r.end(); });
const chans = [];
for (let i = 0; i < N; i += 32) chans.push(...await Promise.all(Array.from({ length: Math.min(32, N - i) }, async () => JSON.parse(await req('POST', '/admin/channels', { authorization: `Bearer ${admin}` })))));
let ready = 0;
await new Promise((resolve) => chans.forEach((c) => { const r = http.request(base + `/channels/${c.channelId}/events`, { headers: { authorization: `Bearer ${c.token}` }, agent: false }, (res) => { res.on('data', () => {}); if (++ready === N) resolve(); }); r.end(); }));
console.log('ready'); await new Promise(r => setTimeout(r, 60000));
