/**
 * The panel's cases for the mechanisms a script's errors, texts and numbers go through on a
 * real server, each a class the simulator once got wrong case by case: the C functions on the
 * call stack (error levels, xpcall's handler, load's reader, the line Redis's error handler
 * names when a Lua function called by a C function raises), texts read as C strings (a NUL,
 * CR/LF, a long chunk name), and numbers (Lua 5.1's constant folding and the sign of zero,
 * `__tostring` answering a number). As for the rest of the panel, the expected answers are
 * read from the real server when the test runs.
 */

/** Error levels and error positions through the C functions on the call stack. */
export const C_FRAME_SCRIPTS: string[] = [
  // error's level counts a C caller (pcall) as a level of its own
  "return {pcall(error, 'x', 2)}",
  "local function f() return pcall(error, 'x', 3) end\nreturn {f()}",
  "local function f()\n return {pcall(error, 'x', 2)}\nend\nlocal r = f() return r",
  "local t={3,1,2}\ntable.sort(t, function(a,b)\n error('cmp', 2)\n end)",
  "local t={3,1,2}\n\ntable.sort(t, function(a,b)\n error('cmp', 3)\n end)",
  "return string.gsub('abc', 'b', function()\n error('g', 2) end)",
  "local t = setmetatable({}, {__tostring=function()\n error('ts', 2) end})\n\nreturn tostring(t)",
  // the line of "on @user_script:N." is where a Lua function called by a C function raised
  "local t={3,1,2}\n\ntable.sort(t, function(a,b)\n error('cmp')\n end)",
  'local t={3,1,2}\ntable.sort(t, function(a,b)\n return a.x < b end)',
  "\n\nreturn string.gsub('abc', 'b', function()\n\n error('g') end)",
  "local t = setmetatable({}, {__tostring=function()\n error('ts') end})\n\nreturn tostring(t)",
  "local t={3,1,2}\ntable.sort(t, function(a,b)\n assert(false, 'no')\n end)",
  "return string.gsub('abc', 'b', function()\n\n return string.rep() end)",
  "local t={3,1,2}\ntable.sort(t, function(a,b)\n error({err='E1'})\n end)",
  // a C function raising when a C function called it: the handler names =[C]:-1
  "return string.gsub('a', 'a', error)",
  'local t = {1,2,3}\ntable.sort(t, error)',
  "local f = coroutine.wrap(function() error('w') end)\n\nf()",
  // Redis's error handler itself, called by the script
  "local t = __redis__err__handler('x') return {t.err, t.source, t.line}",
  "local t = __redis__err__handler({err = 'mine'}) return {t.err, t.source, t.line}",
];

/** xpcall's handler and load's reader: the error functions a raised error is handed to. */
export const ERROR_FUNCTION_SCRIPTS: string[] = [
  "return {xpcall(function() error('x') end, nil)}",
  "return {xpcall(function() error('x') end, 'str')}",
  "return {xpcall(function() error('x') end, function(m) error('y') end)}",
  "return {xpcall(function() error('x') end, function(m) error(m) end)}",
  "local n=0 return {xpcall(function() error('x') end, function(m) n=n+1 if n==1 then error('y') end return 'h'..n..m end)}",
  "local n=0 return {xpcall(function() error('x') end, function(m) n=n+1 if n < 10 then error('e'..n, 0) end return m end)}",
  "return {xpcall(function() error('x') end, setmetatable({}, {__call=function() return 1 end}))}",
  "return {xpcall(function() error('x') end, function(m) return debug and 1 or 2 end)}",
  'return {xpcall(function() return 5 end, nil)}',
  "return {load(function() error('r') end)}",
  "return {select(2, load(function() error('r') end))}",
  'return {select(2, load(function() error({}) end))}',
  'return {select(2, load(function() return {} end))}',
  "return {pcall(load, function() error('r') end)}",
  "local _, e = load(function()\n error({err='E'})\n end)\nreturn {e.err, e.source, e.line}",
  "return {pcall(function() local f, e = load(function() error('r') end) return e end)}",
  "return {xpcall(function() local f, e = load(function() error('r') end) return e end, function(m) return 'H' end)}",
  "local n = 0 local f = load(function() n = n + 1 if n == 1 then return 42 end end) return f and 'ok' or 'no'",
];

/** Error and status texts, and chunk names, as the C strings Redis and Lua read them as. */
export const C_STRING_SCRIPTS: string[] = [
  "error('a\\0b')",
  "error('a\\r\\nb')",
  "return redis.error_reply('a\\0b')",
  "return redis.status_reply('a\\0b')",
  "return redis.status_reply('a\\r\\nb')",
  "return {err='x\\0y'}",
  "error({err='x\\0y'})",
  "local f, e = loadstring('x=', 'a\\0b') return e",
  "local f, e = loadstring('error(1)', 'a\\0b') return {pcall(f)}",
  "local f, e = loadstring('error(1)', '@a\\0b') f()",
  "local f, e = loadstring('x=', '=' .. string.rep('a', 200)) return e",
  "local f, e = loadstring('x=', '@' .. string.rep('a', 200)) return e",
  "local f, e = loadstring('x=', string.rep('a', 70)) return e",
  "local f = loadstring('error(1)', '=' .. string.rep('a', 70)) return {pcall(f)}",
  "local f = loadstring('local x = nil + 1', '@' .. string.rep('a', 70)) return {pcall(f)}",
  "local f = loadstring('local x = nil + 1', string.rep('a', 50)) return {pcall(f)}",
  "local f = loadstring('error(1)', '@' .. string.rep('b', 70)) f()",
];

/** Numbers: constant folding and the sign of zero, numbers where a text was expected. */
export const NUMBER_SCRIPTS: string[] = [
  'return tostring(0/-1)',
  'local a = 0 return tostring(0/-1)',
  'return tostring(0*-1)',
  'return tostring(-0-0)',
  'return tostring(-0+-0)',
  'return tostring(-(0))',
  'local z = 0 return tostring(1/-0)',
  'local x = 1 return tostring(-0 + (0*x))',
  'return {tostring(-0.0), tostring(0/-1), tostring(- 0)}',
  'local t = setmetatable({}, {__tostring=function() return 42 end}) return tostring(t)',
  'local t = setmetatable({}, {__tostring=function() return 42 end}) return type(tostring(t))',
  'local t = setmetatable({}, {__tostring=function() return nil end}) return tostring(t)',
  'local t = setmetatable({}, {__tostring=function() return {} end}) return type(tostring(t))',
  'return {err=42}',
  'error({err=42})',
  'error({err=4.5})',
  'error(4.5, 0)',
];
