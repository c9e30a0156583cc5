import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `(func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)`: called millions of times, V8 optimises it. */
const ADD_MODULE = [
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, 0x03, 0x02, 0x01, 0x00, 0x07, 0x07, 0x01, 0x03, 0x61, 0x64, 0x64, 0x00, 0x00, 0x0a, 0x09, 0x01,
  0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6a, 0x0b,
];

/**
 * Which of V8's compilers holds a hot WebAssembly function, in a process of its own (V8's flags are the process's):
 * rounds of a million calls until the optimising compiler has it, or ten rounds.
 */
function compilerOfHotFunction(keepBaseline: boolean): { liftoff: boolean; turbofan: boolean } {
  const modulePath = new URL('./pglite-compiler.ts', import.meta.url).href;
  const script = `
    import { keepWasmOnBaselineCompiler } from ${JSON.stringify(modulePath)};
    if (${keepBaseline}) keepWasmOnBaselineCompiler();
    const { instance } = await WebAssembly.instantiate(new Uint8Array(${JSON.stringify(ADD_MODULE)}));
    const add = instance.exports.add;
    let sum = 0;
    for (let round = 0; round < 10 && !%IsTurboFanFunction(add); round++) {
      for (let i = 0; i < 1e6; i++) sum = add(sum, 1) | 0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(JSON.stringify({ liftoff: %IsLiftoffFunction(add), turbofan: %IsTurboFanFunction(add) }));`;
  const output = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as { liftoff: boolean; turbofan: boolean };
}

describe('keepWasmOnBaselineCompiler', () => {
  it('keeps a hot WebAssembly function on the baseline compiler, where without it V8 optimises the function', () => {
    expect(compilerOfHotFunction(false)).toEqual({ liftoff: false, turbofan: true });
    expect(compilerOfHotFunction(true)).toEqual({ liftoff: true, turbofan: false });
  }, 60_000);
});
