import type { Api } from '../shared/contract';
import type { EndpointDef, OutputOf, ParsedInputOf } from '../shared/contract/endpoint';
import type { CallContext } from './context';

/** What an area's server gives for each endpoint of its contract; the registry (`registry.ts`) holds them all. */
export type Handler<E extends EndpointDef> = (input: ParsedInputOf<E>, ctx: CallContext) => Promise<OutputOf<E>>;
export type AreaHandlers<A extends keyof Api> = { [K in keyof Api[A]]: Api[A][K] extends EndpointDef ? Handler<Api[A][K]> : never };
export type AnyHandler = (input: unknown, ctx: CallContext) => Promise<unknown>;

/*
 * The handlers of the usual endpoints, from the area functions that serve them (which take the call first):
 * a handler table names what each endpoint runs, and these say once how its input is passed and what it answers.
 */

/** Runs `run(ctx, input)`: `list: withInput(listApps)`. */
export function withInput<I, O>(run: (ctx: CallContext, input: I) => O | Promise<O>): (input: I, ctx: CallContext) => Promise<O> {
  return async (input, ctx) => run(ctx, input);
}

/** Runs `run(ctx)` for an endpoint whose input the function does not take: `systems: withoutInput(listInfoSystems)`. */
export function withoutInput<O>(run: (ctx: CallContext) => O | Promise<O>): (input: unknown, ctx: CallContext) => Promise<O> {
  return async (_input, ctx) => run(ctx);
}

/** Runs `run(ctx, input[field])`: `info: withField('id', appInfo)`, `delete: withField('ids', deleteGroups)`. */
export function withField<F extends string, V, O>(field: F, run: (ctx: CallContext, value: V) => O | Promise<O>): (input: { [K in F]: V }, ctx: CallContext) => Promise<O> {
  return async (input, ctx) => run(ctx, input[field]);
}

/** Runs `run(ctx, input[first], input[second])`: `importApply: withFields('fileId', 'digest', applyImport)`. */
export function withFields<F extends string, G extends string, V, W, O>(
  first: F,
  second: G,
  run: (ctx: CallContext, firstValue: V, secondValue: W) => O | Promise<O>,
): (input: { [K in F]: V } & { [K in G]: W }, ctx: CallContext) => Promise<O> {
  return async (input, ctx) => run(ctx, input[first], input[second]);
}

/** A create that answers the new record's key and nothing else of the record: `add: answerKey('deptId', addDept)`. */
export function answerKey<F extends string, I, R extends { [K in F]: unknown }>(key: F, create: (ctx: CallContext, input: I) => Promise<R>): (input: I, ctx: CallContext) => Promise<Pick<R, F>> {
  return async (input, ctx) => {
    const created = await create(ctx, input);
    return { [key]: created[key] } as Pick<R, F>;
  };
}

/** A save that answers the record's key and its new version: `update: answerVersion('deptId', updateDept)`. */
export function answerVersion<F extends string, I, R extends { [K in F]: unknown } & { version: number }>(
  key: F,
  save: (ctx: CallContext, input: I) => Promise<R>,
): (input: I, ctx: CallContext) => Promise<Pick<R, F | 'version'>> {
  return async (input, ctx) => {
    const saved = await save(ctx, input);
    return { [key]: saved[key], version: saved.version } as Pick<R, F | 'version'>;
  };
}
