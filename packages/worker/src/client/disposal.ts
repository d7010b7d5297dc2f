/**
 * The symbols `using` and `await using` look up. Where the runtime lacks them, the
 * registered symbols that transpilers (esbuild, Babel) and polyfills fall back to.
 */
export interface DisposalSymbols {
  asyncDispose: symbol;
  dispose: symbol;
}

export function disposalSymbols(
  symbols: { asyncDispose?: symbol; dispose?: symbol } = Symbol,
): DisposalSymbols {
  return {
    asyncDispose: symbols.asyncDispose ?? Symbol.for('Symbol.asyncDispose'),
    dispose: symbols.dispose ?? Symbol.for('Symbol.dispose'),
  };
}
