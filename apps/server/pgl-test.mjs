import { PGlite } from '@electric-sql/pglite';
const t0 = Date.now();
const db = new PGlite();
await db.waitReady;
console.log('init ms', Date.now() - t0);
await db.exec(`create role app_tenant nologin; create table t (id int, org uuid); alter table t enable row level security;
create policy p on t to app_tenant using (org = nullif(current_setting('app.org', true),'')::uuid);
grant select, insert on t to app_tenant;
insert into t values (1, '00000000-0000-0000-0000-000000000001'), (2, '00000000-0000-0000-0000-000000000002');`);
await db.transaction(async (tx) => {
  await tx.query(`set local role app_tenant`);
  await tx.query(`select set_config('app.org', '00000000-0000-0000-0000-000000000001', true)`);
  console.log((await tx.query('select * from t')).rows, (await tx.query('select current_user')).rows);
});
console.log((await db.query('select count(*) from t, (select current_user) u')).rows);
const c = await db.clone();
console.log('clone ok', (await c.query('select count(*) from t')).rows);
