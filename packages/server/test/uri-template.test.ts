import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UriTemplate } from '../src/registration/uri-template.js';

// The variables and expected expansions of RFC 6570 §3.2.
const values = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: undefined,
};

const rfcVectors: Array<[string, string]> = [
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+list*}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#list*}', '#red,green,blue'],
  ['{#keys}', '#semi,;,dot,.,comma,,'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom*}', 'www.example.com'],
  ['X{.var}', 'X.value'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['X{.empty_keys}', 'X'],
  ['X{.empty_keys*}', 'X'],
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var}', '/value'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
];

describe('UriTemplate.expand', () => {
  it.each(rfcVectors)('RFC 6570 §3.2: %s → %s', (template, expected) => {
    expect(new UriTemplate(template).expand(values)).toBe(expected);
  });

  it('encodes non-ASCII as UTF-8 percent-encoding', () => {
    expect(new UriTemplate('x/{v}').expand({ v: 'é 世' })).toBe('x/%C3%A9%20%E4%B8%96');
  });

  it.each(['{', 'a}', '{a b}', '{a:0}', '{a:10000}', '{}'])(
    'rejects the malformed template %s',
    (template) => {
      expect(() => new UriTemplate(template)).toThrow(TypeError);
    },
  );
});

describe('UriTemplate.match', () => {
  it('reads a simple path variable', () => {
    const template = new UriTemplate('test://template/{id}/data');
    expect(template.match('test://template/123/data')).toEqual({ id: '123' });
    expect(template.match('test://template/1/2/data')).toBeUndefined();
    expect(template.match('test://template//data')).toBeUndefined();
    expect(template.match('test://other/123/data')).toBeUndefined();
  });

  it('decodes percent-encoding and refuses malformed encoding', () => {
    const template = new UriTemplate('notes://{title}');
    expect(template.match('notes://Hello%20World')).toEqual({ title: 'Hello World' });
    expect(template.match('notes://bad%zz')).toBeUndefined();
  });

  it('lets reserved expansion span slashes', () => {
    expect(new UriTemplate('file:///{+path}').match('file:///a/b/c.txt')).toEqual({ path: 'a/b/c.txt' });
  });

  it('reads exploded path segments as a list', () => {
    expect(new UriTemplate('repo://x{/segments*}').match('repo://x/a/b/c')).toEqual({
      segments: ['a', 'b', 'c'],
    });
  });

  it('reads query variables in any order and ignores unknown ones', () => {
    const template = new UriTemplate('search://items{?q,lang}');
    expect(template.match('search://items?lang=en&q=caf%C3%A9&x=1')).toEqual({ q: 'café', lang: 'en' });
    expect(template.match('search://items')).toEqual({});
  });

  it('reads label and matrix expansions', () => {
    expect(new UriTemplate('host://www{.dom*}').match('host://www.example.com')).toEqual({
      dom: ['example', 'com'],
    });
    expect(new UriTemplate('m://x{;a,b}').match('m://x;a=1;b=two')).toEqual({ a: '1', b: 'two' });
  });

  it('reads several simple variables separated by commas', () => {
    expect(new UriTemplate('pt://{x,y}').match('pt://1024,768')).toEqual({ x: '1024', y: '768' });
  });

  it('never matches a very long URI (bounded work)', () => {
    expect(new UriTemplate('a://{x}{y}{z}').match(`a://${'x'.repeat(10_000)}`)).toBeUndefined();
  });

  it('splits several variables of one segment as a greedy regular expression would', () => {
    const template = new UriTemplate('db://{schema}.{table}.{column}');
    expect(template.match('db://s.t.c')).toEqual({ schema: 's', table: 't', column: 'c' });
    expect(template.match('db://a.b.c.d')).toEqual({ schema: 'a.b', table: 'c', column: 'd' });
    expect(template.match('db://s..c')).toBeUndefined();
    expect(new UriTemplate('x://{a}{b}{c}').match('x://abcd')).toEqual({ a: 'ab', b: 'c', c: 'd' });
    expect(new UriTemplate('f:///{+dir}/{name}.{ext}').match('f:///a/b/c.tar.gz')).toEqual({
      dir: 'a/b',
      name: 'c.tar',
      ext: 'gz',
    });
  });

  // A backtracking regular expression took minutes for each of these (cubic in the length); the
  // matcher's work is linear, so they finish in milliseconds, far inside the test's time limit.
  it('adversarial URIs against multi-variable templates finish at once', () => {
    const cases: Array<[string, string]> = [
      ['db://{schema}.{table}.{column}', `db://${'.'.repeat(8000)}/`],
      ['x://{a}{b}{c}', `x://${'a'.repeat(8000)}/`],
      ['x://{a}-{b}-{c}', `x://${'-'.repeat(8000)}/`],
      ['file:///{+dir}/{name}.{ext}', `file:///${'a/.'.repeat(2700)}?`],
    ];
    for (const [template, uri] of cases) expect(new UriTemplate(template).match(uri)).toBeUndefined();
  });

  it('lists its variable names', () => {
    expect(new UriTemplate('a://{x}/{+y}{?z,w}').variableNames).toEqual(['x', 'y', 'z', 'w']);
  });

  it('match inverts expand for simple and query variables (property)', () => {
    const template = new UriTemplate('t://items/{id}/v{/rest}{?q,lang}');
    const text = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' });
    fc.assert(
      fc.property(text, text, text, fc.option(text, { nil: undefined }), (id, rest, q, lang) => {
        const uri = template.expand({ id, rest, q, lang });
        const expected: Record<string, string> = { id, rest, q };
        if (lang !== undefined) expected.lang = lang;
        expect(template.match(uri)).toEqual(expected);
      }),
    );
  });
});
