// `node --import ./scripts/smoke/register.mjs out/main/index.js`: resolves `electron` to the stand-in.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === 'electron') return { url: ${JSON.stringify(new URL('./fake-electron.mjs', import.meta.url).href)}, shortCircuit: true };
        return next(specifier, context);
      }
    `),
);
