#!/usr/bin/env bash
# Fails when the drizzle schema and the committed migrations disagree: drizzle-kit generates into a scratch
# copy of the migrations folder, and any new migration there means a schema change was not committed.
set -euo pipefail
server="$(cd "$(dirname "$0")/../apps/server" && pwd)"
cd "$server"
scratch=".drift-check"
rm -rf "$scratch"
trap 'rm -rf "$server/$scratch"' EXIT
mkdir -p "$scratch"
cp -r drizzle "$scratch/drizzle"
cat > "$scratch/drizzle.config.ts" <<CFG
export default {
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './$scratch/drizzle',
  entities: { roles: { provider: '', exclude: [], include: [] } },
};
CFG
before=$(find "$scratch/drizzle" -name '*.sql' | wc -l)
output=$(npx drizzle-kit generate --config "$scratch/drizzle.config.ts" --name drift 2>&1) || {
  echo "$output" >&2
  exit 1
}
if echo "$output" | grep -qiE 'error|ENOENT'; then
  echo "$output" >&2
  exit 1
fi
after=$(find "$scratch/drizzle" -name '*.sql' | wc -l)
if [ "$before" != "$after" ]; then
  echo "Schema drift: the drizzle schema has changes with no committed migration." >&2
  echo "Run 'npm run db:generate -w @invoicing/server' and commit the new migration." >&2
  cat "$scratch"/drizzle/*drift*.sql >&2 || true
  exit 1
fi
echo "migrations: schema and committed migrations agree"
