import { describe, expect, it } from 'vitest'
import { checkExpression, compileExpression, describeNonFinite, ExpressionError } from './index'

// CartPole's variables plus the action and the step, as a custom term sees them.
const VARIABLES = ['x', 'x_dot', 'theta', 'theta_dot', 'action', 't']
// x = 2, x_dot = -3, theta = 0, theta_dot = 0.5, action = 1, t = 10
const VALUES = [2, -3, 0, 0.5, 1, 10]

function value(source: string, values: ArrayLike<number> = VALUES, variables: readonly string[] = VARIABLES): number {
  return compileExpression(source, variables).evaluate(values)
}

describe('expression values (hand-computed)', () => {
  const table: [string, number][] = [
    // Numbers, names, constants, whitespace.
    ['42', 42],
    ['.5', 0.5],
    ['5.', 5],
    ['007', 7],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ['1e+2', 100],
    ['x_dot', -3],
    ['theta_dot * 2', 1],
    ['action + t', 11],
    ['pi', Math.PI],
    ['e', Math.E],
    ['2*pi', 2 * Math.PI],
    [' \t1\n+\r2 ', 3],
    // Precedence and associativity.
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['2 * 3 % 4', 2],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['7 % -3', 1],
    ['7.5 % 2', 1.5],
    ['2 ^ 3 ^ 2', 512],
    ['(2 ^ 3) ^ 2', 64],
    ['2 * 3 ^ 2', 18],
    // ^ binds tighter than a sign on its left, and takes a sign on its right.
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['-x ^ 2', -4],
    ['2 ^ -1', 0.5],
    ['2 ^ -x ^ 2', 1 / 16],
    ['2 ^ -1 * 4', 2],
    ['--x', 2],
    ['- -x', 2],
    ['-(-x)', 2],
    ['+x', 2],
    ['-x + 5', 3],
    ['1 - -1', 2],
    // Logical not, comparisons, equality.
    ['!0', 1],
    ['!5', 0],
    ['!!5', 1],
    ['!x_dot', 0],
    ['!x == 0', 1],
    ['3 < 3', 0],
    ['3 <= 3', 1],
    ['3 > 2', 1],
    ['3 >= 4', 0],
    ['2 == 2', 1],
    ['2 != 2', 0],
    ['x == 2', 1],
    ['1 + 2 < 4', 1],
    ['1 < 2 == 1', 1],
    ['(1 < 2) < 3', 1],
    ['-1 < 0', 1],
    ['1/0 > 1e308', 1],
    // && and || yield 1 or 0; && binds tighter than ||.
    ['1 && 0', 0],
    ['2 && -3', 1],
    ['0 || 0', 0],
    ['0 || 7', 1],
    ['0 && 1 || 1', 1],
    ['1 || 0 && 0', 1],
    ['0 || 1 && 0', 0],
    ['x > 1 && x < 3', 1],
    ['x > 1 && x_dot > 0', 0],
    // Conditionals: lowest precedence, right-associative.
    ['x > 1 ? 10 : 20', 10],
    ['x < 1 ? 10 : 20', 20],
    ['0 ? 1 : 0 ? 2 : 3', 3],
    ['1 ? 0 ? 5 : 6 : 7', 6],
    ['x + 1 ? 5 : 6', 5],
    ['1 || 0 ? 4 : 5', 4],
    ['theta ? 1 : -1', -1],
    ['1 + (x > 1 ? 1 : 2) * 3', 4],
    ['if(x > 1, 10, 20)', 10],
    ['if(0, 1, 2)', 2],
    ['if(theta, 1, 2)', 2],
    ['if(x, if(theta, 1, 2), 3)', 2],
    // Every function.
    ['abs(x_dot)', 3],
    ['abs(2)', 2],
    ['min(4, 2)', 2],
    ['min(4, 2, 8, -1, 3)', -1],
    ['max(1, 5, 3)', 5],
    ['max(x, x_dot)', 2],
    ['clip(5, 0, 1)', 1],
    ['clip(-5, 0, 1)', 0],
    ['clip(0.25, 0, 1)', 0.25],
    ['clip(x, 3, 1)', 1],
    ['sin(0)', 0],
    ['sin(pi / 2)', 1],
    ['cos(0)', 1],
    ['cos(pi)', -1],
    ['tan(0)', 0],
    ['tan(pi / 4)', 1],
    ['exp(0)', 1],
    ['exp(1)', Math.E],
    ['log(e)', 1],
    ['log(1)', 0],
    ['sqrt(16)', 4],
    ['sign(-3)', -1],
    ['sign(0)', 0],
    ['sign(2)', 1],
    ['floor(-1.5)', -2],
    ['ceil(-1.5)', -1],
    ['round(1.4)', 1],
    ['round(2.5)', 3],
    ['round(-2.5)', -2],
    ['pow(2, 10)', 1024],
    ['pow(x, 3)', 8],
    // The kind of term users write.
    ['-abs(x) + 0.5*cos(theta)', -1.5],
    ['-(x / 2.4)^2 - 0.1*abs(theta_dot)', -(((2 / 2.4) ** 2)) - 0.05],
    ['t < 5 ? 0 : -0.01 * t', -0.1],
    ['action == 1 ? -0.1 : 0', -0.1],
    ['clip(1 - abs(theta) / 0.21, 0, 1)', 1],
  ]
  it.each(table)('%s = %d', (source, expected) => {
    expect(value(source)).toBeCloseTo(expected, 12)
  })
})

describe('non-finite values are allowed at evaluation and detectable', () => {
  const table: [string, number][] = [
    ['1/0', Infinity],
    ['-1/0', -Infinity],
    ['0/0', NaN],
    ['5 % 0', NaN],
    ['log(0)', -Infinity],
    ['log(-1)', NaN],
    ['sqrt(-1)', NaN],
    ['(-8)^(1/3)', NaN],
    ['0^-1', Infinity],
    ['exp(1000)', Infinity],
    ['x / (t - 10)', Infinity],
    ['1e308 * 10', Infinity],
  ]
  it.each(table)('%s gives %d', (source, expected) => {
    const result = value(source)
    expect(result).toBe(expected)
    expect(Number.isFinite(result)).toBe(false)
  })

  it('propagates NaN through every operator, comparisons and conditions included', () => {
    const nan = [NaN, -3, 0, 0.5, 1, 10]
    for (const source of ['x + 1', 'x > 0', 'x <= 0', 'x == x', 'x != 1', '!x', 'x && 1', '1 && x', 'x || 0', '0 || x', 'x ? 1 : 2', 'if(x, 1, 2)', 'min(x, 1)', 'max(1, 2, x)', 'clip(x, 0, 1)', 'sign(x)', 'abs(x)', 'round(x)']) {
      expect(value(source, nan), source).toBeNaN()
    }
  })

  it('does not evaluate the branch or operand that is not taken', () => {
    const negative = [-1, -3, 0, 0.5, 1, 10]
    expect(value('x > 0 ? log(x) : 0', negative)).toBe(0)
    expect(value('if(x > 0, sqrt(x), -1)', negative)).toBe(-1)
    expect(value('x > 0 && log(x) > 0', negative)).toBe(0)
    expect(value('x < 0 || sqrt(x) > 0', negative)).toBe(1)
    expect(value('0 && 0/0', negative)).toBe(0)
    expect(value('1 || 0/0', negative)).toBe(1)
  })

  it('treats ±Infinity as ordinary numbers in comparisons', () => {
    expect(value('1/0 == 1/0')).toBe(1)
    expect(value('-1/0 < x')).toBe(1)
    expect(value('(1/0) && 1')).toBe(1)
  })
})

describe('compileExpression', () => {
  it('records the source, the variable list and the variables used, each once, in list order', () => {
    const expression = compileExpression('theta + x * theta', VARIABLES)
    expect(expression.source).toBe('theta + x * theta')
    expect(expression.variables).toEqual(VARIABLES)
    expect(expression.used).toEqual([
      { name: 'x', index: 0 },
      { name: 'theta', index: 2 },
    ])
    expect(compileExpression('1 + pi', VARIABLES).used).toEqual([])
  })

  it('evaluates typed arrays and plain arrays alike, many times', () => {
    const expression = compileExpression('x * 2 + t', VARIABLES)
    expect(expression.evaluate(new Float64Array(VALUES))).toBe(14)
    expect(expression.evaluate(new Float32Array(VALUES))).toBe(14)
    const values = new Float64Array(VALUES)
    let sum = 0
    for (let i = 0; i < 1000; i++) {
      values[0] = i
      sum += expression.evaluate(values)
    }
    expect(sum).toBe(2 * ((999 * 1000) / 2) + 10 * 1000)
  })

  it('resolves names only against the given list: a variable may be called "constructor" or share a function name', () => {
    expect(value('constructor + 1', [2], ['constructor'])).toBe(3)
    expect(value('__proto__ * toString', [2, 3], ['__proto__', 'toString'])).toBe(6)
    expect(value('sign + sign(-2)', [5], ['sign'])).toBe(4)
  })

  it('lets a variable named like a constant take precedence over it', () => {
    expect(value('e + pi', [1], ['e'])).toBeCloseTo(1 + Math.PI, 12)
  })

  it('accepts a long flat chain (a thousand terms) and evaluates it', () => {
    const source = 'x' + '+x'.repeat(999)
    expect(source.length).toBeLessThanOrEqual(2000)
    expect(value(source)).toBe(2000)
    expect(value('1' + '-1'.repeat(999))).toBe(-998)
  })

  it('accepts 64 levels of nesting', () => {
    expect(value('('.repeat(64) + 'x' + ')'.repeat(64))).toBe(2)
    expect(value('-'.repeat(64) + 'x')).toBe(2)
  })

  it('refuses a variable list that is not a list of distinct names, as a programming error', () => {
    for (const variables of [['x', 'x'], ['2x'], ['a.b'], [''], ['θ']]) {
      let thrown: unknown
      try {
        compileExpression('1', variables)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(Error)
      expect(thrown).not.toBeInstanceOf(ExpressionError)
    }
  })
})

describe('checkExpression', () => {
  it('returns the compiled expression or the error, never throwing for bad source', () => {
    const good = checkExpression('-abs(x)', VARIABLES)
    expect(good.ok).toBe(true)
    if (good.ok) expect(good.expression.evaluate(VALUES)).toBe(-2)
    const bad = checkExpression('-abs(thetaa)', VARIABLES)
    expect(bad.ok).toBe(false)
    if (!bad.ok) {
      expect(bad.error).toBeInstanceOf(ExpressionError)
      expect(bad.error.position).toBe(5)
      expect(bad.error.length).toBe(6)
      expect(bad.error.message).toBe(
        'unknown variable "thetaa" at 6–11; did you mean "theta"? (variables: x, x_dot, theta, theta_dot, action, t)',
      )
    }
  })
})

describe('describeNonFinite', () => {
  it('names the value, the variables used with their values, and the part that went bad', () => {
    const expression = compileExpression('-abs(x) + log(theta)', VARIABLES)
    const values = [0.3, 0, -0.1, 0, 0, 0]
    expect(expression.evaluate(values)).toBeNaN()
    expect(describeNonFinite(expression, values)).toBe(
      '"-abs(x) + log(theta)" gave NaN for x = 0.3, theta = -0.1: log(theta) at 11–20 is NaN (log of a negative number)',
    )
  })

  it('finds the cause that reached the result, not one that min() hid', () => {
    const expression = compileExpression('min(1/theta, 2) + sqrt(x_dot)', VARIABLES)
    const message = describeNonFinite(expression, VALUES)
    expect(message).toContain('gave NaN')
    expect(message).toContain('sqrt(x_dot) at 19–29 is NaN (square root of a negative number)')
    expect(message).not.toContain('1/theta at')
  })

  it('explains division by zero, overflow and bad inputs', () => {
    expect(describeNonFinite(compileExpression('x / (t - 10)', VARIABLES), VALUES)).toBe(
      '"x / (t - 10)" gave Infinity for x = 2, t = 10: x / (t - 10) at 1–12 is Infinity (division by zero)',
    )
    expect(describeNonFinite(compileExpression('1 - exp(t * 100)', VARIABLES), VALUES)).toContain(
      'gave -Infinity for t = 10: exp(t * 100) at 5–16 is Infinity (overflow: too large for a number)',
    )
    expect(describeNonFinite(compileExpression('(0 - x)^0.5', VARIABLES), VALUES)).toContain('a negative number to a fractional power')
    expect(describeNonFinite(compileExpression('x * 2', VARIABLES), [NaN, 0, 0, 0, 0, 0])).toBe(
      '"x * 2" gave NaN for x = NaN: the variable x is NaN',
    )
  })

  it('says so when the value is finite', () => {
    expect(describeNonFinite(compileExpression('x * 2', VARIABLES), VALUES)).toBe('"x * 2" gave 4, a finite number, for x = 2')
    expect(describeNonFinite(compileExpression('1/0', VARIABLES), VALUES)).toBe('"1/0" gave Infinity without variables: 1/0 at 1–3 is Infinity (division by zero)')
  })
})
