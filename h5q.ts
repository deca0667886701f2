import Database from 'better-sqlite3';
const s = new Database(process.argv[2]); if (process.env.MMAP) { s.pragma('mmap_size = 1073741824'); s.pragma('cache_size = -64000'); }
const cutoff = Date.now() - 31*86400000;
for (const q of process.argv.slice(3)) {
  const st = s.prepare(q);
  let r; const t = performance.now(); for (let i=0;i<5;i++) r = st.all(); 
  console.log(((performance.now()-t)/5).toFixed(1), 'ms', JSON.stringify(r).slice(0,80), q.slice(0,100));
}
