import type { Api } from '../shared/contract';
import type { EndpointDef, OutputOf, ParsedInputOf } from '../shared/contract/endpoint';
import type { CallContext } from './context';

/** What an area's server gives for each endpoint of its contract; the registry (`registry.ts`) holds them all. */
export type Handler<E extends EndpointDef> = (input: ParsedInputOf<E>, ctx: CallContext) => Promise<OutputOf<E>>;
export type AreaHandlers<A extends keyof Api> = { [K in keyof Api[A]]: Api[A][K] extends EndpointDef ? Handler<Api[A][K]> : never };
export type AnyHandler = (input: unknown, ctx: CallContext) => Promise<unknown>;
