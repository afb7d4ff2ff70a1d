// The simulated server's one public entry. Filled in by the foundation work.
export {};
