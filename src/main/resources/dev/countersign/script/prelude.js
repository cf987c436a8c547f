// Evaluated once in every script scope before the script. Defines call_tool, print and console.log
// on top of the two host functions, and caps the built-ins that could otherwise build a huge array
// or string in one call, which the instruction counter never sees. Runs in interpreted mode, so
// these are JavaScript frames and continuations can pass through call_tool.
(function (global, MAX, TOOLS) {
  var reflectApply = Reflect.apply;
  var define = Object.defineProperty;
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var join = Array.prototype.join;

  function fixed(owner, name, value) {
    define(owner, name, {value: value, writable: false, enumerable: false, configurable: false});
  }

  function guard(owner, name, tooBig) {
    var original = owner[name];
    fixed(owner, name, function () {
      var why = tooBig(this, arguments);
      if (why) {
        throw new RangeError(why + ' (the limit is ' + MAX + ' elements or characters per value)');
      }
      return reflectApply(original, this, arguments);
    });
  }

  function tooLong(self) {
    return self != null && self.length > MAX ? 'this array or string is too large for ' : '';
  }

  guard(String.prototype, 'repeat', function (self, args) {
    return String(self).length * Number(args[0]) > MAX ? 'String.prototype.repeat would build a string too large' : '';
  });
  ['padStart', 'padEnd'].forEach(function (name) {
    guard(String.prototype, name, function (self, args) {
      return Number(args[0]) > MAX ? 'String.prototype.' + name + ' would build a string too large' : '';
    });
  });
  ['concat', 'copyWithin', 'entries', 'every', 'fill', 'filter', 'find', 'findIndex', 'flat', 'flatMap',
   'forEach', 'includes', 'indexOf', 'join', 'keys', 'lastIndexOf', 'map', 'reduce', 'reduceRight', 'reverse',
   'slice', 'some', 'sort', 'splice', 'toLocaleString', 'toString', 'values'].forEach(function (name) {
    if (typeof Array.prototype[name] === 'function') {
      guard(Array.prototype, name, function (self) {
        return self != null && self.length > MAX ? 'Array.prototype.' + name + ' on an array this large' : '';
      });
    }
  });
  guard(Array, 'from', function (self, args) {
    return args[0] != null && args[0].length > MAX ? 'Array.from of something this large' : '';
  });
  guard(Function.prototype, 'apply', function (self, args) {
    return args[1] != null && args[1].length > MAX ? 'Function.prototype.apply with this many arguments' : '';
  });
  // Shared sub-objects make JSON text explode exponentially; count every value stringify visits.
  fixed(JSON, 'stringify', function (value, replacer, space) {
    var visited = 0;
    var user = typeof replacer === 'function' ? replacer : null;
    var counting = function (key, v) {
      if (++visited > MAX) {
        throw new RangeError('JSON.stringify visited more than ' + MAX + ' values');
      }
      return user ? reflectApply(user, this, [key, v]) : v;
    };
    return reflectApply(stringify, JSON, [value, Array.isArray(replacer) ? replacer : counting, space]);
  });
  var safeStringify = JSON.stringify;

  fixed(global, 'call_tool', function call_tool(name, args) {
    if (arguments.length !== 2) {
      throw new TypeError('call_tool takes exactly two arguments: call_tool("name", {key: value, ...})');
    }
    var answer = parse(__host_call(name, args, safeStringify(args === undefined ? null : args)));
    if (answer.error) {
      var e = new Error(answer.error.code + ': ' + answer.error.message);
      e.name = 'ToolError';
      e.code = answer.error.code;
      e.hint = answer.error.hint;
      if (answer.error.receipt) {
        e.receipt = answer.error.receipt;
      }
      throw e;
    }
    return answer.ok;
  });
  function print() {
    var parts = [];
    for (var i = 0; i < arguments.length; i++) {
      var a = arguments[i];
      parts.push(typeof a === 'object' && a !== null ? safeStringify(a) : String(a));
    }
    __host_print(reflectApply(join, parts, [' ']));
  }
  Object.keys(TOOLS).forEach(function (name) {
    // A bare tool call that slipped past the static check (built at run time) still gets the right form.
    fixed(global, name, function () {
      throw new TypeError(name + '(…) is not a function here; tools are called only as ' + TOOLS[name]);
    });
  });
  fixed(global, 'print', print);
  fixed(global, 'console', Object.freeze({log: print}));
})(this, __MAX__, __TOOLS__);
