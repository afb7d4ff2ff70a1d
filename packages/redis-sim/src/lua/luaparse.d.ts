// luaparse 0.3.1 ships no types; the parser suite, which uses it as the reference for tree shapes, needs only parse().
declare module 'luaparse' {
  const luaparse: { parse(source: string, options: Record<string, unknown>): unknown };
  export default luaparse;
}
