// A local ESLint rule for the folder rules of docs/design.md: `from` folders that files in `target`
// may not import, resolved from each relative import's real path. (eslint-plugin-import-x's
// no-restricted-paths does this too, but it pulls in unrs-resolver, whose per-platform
// binaries the registry mirror here lacks, so `npm ci` could not verify the lock file.)
import path from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const strip = (p) => p.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '').replace(/\/index$/, '');

export default {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
            },
          },
        },
      },
    ],
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.relative(cwd, context.filename).split(path.sep).join('/');
    const zones = (context.options[0]?.zones ?? []).filter((z) => inside(file, z.target));
    if (!zones.length) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const resolved = path
        .relative(cwd, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      for (const z of zones) {
        if (!inside(resolved, z.from)) continue;
        if (z.except?.some((e) => strip(path.posix.join(z.from, e)) === strip(resolved))) continue;
        context.report({ node, message: `'${spec}': ${z.message}` });
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source, n.source.value),
    };
  },
};
