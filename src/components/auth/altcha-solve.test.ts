import { describe, expect, it, vi } from 'vitest'
import { renewSolution, solveOnce, type WidgetState } from './altcha-solve'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * A stand-in for the widget: `verify()` tells "verifying" a moment later (as a custom element's
 * state update may) and stays pending until `finish` is called.
 */
function widget(initial: WidgetState = 'unverified') {
  let state: WidgetState = initial
  const pending: Array<() => void> = []
  const element = {
    getState: () => state,
    verify: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          queueMicrotask(() => {
            state = 'verifying'
          })
          pending.push(() => {
            state = 'verified'
            resolve()
          })
        }),
    ),
    reset: vi.fn(() => {
      state = 'unverified'
    }),
  }
  const finish = async () => {
    pending.shift()?.()
    await tick()
  }
  const expire = () => {
    state = 'expired'
  }
  return { element, finish, expire }
}

describe('one solve of the human check at a time', () => {
  it('starts one solve when a submit and the mount both ask before it has begun', async () => {
    const { element, finish } = widget()
    expect(solveOnce(element)).toBe(true)
    // The submit's request comes before the widget's state has moved to "verifying".
    expect(solveOnce(element)).toBe(false)
    await tick()
    expect(solveOnce(element)).toBe(false)
    expect(element.verify).toHaveBeenCalledTimes(1)
    await finish()
    expect(element.getState()).toBe('verified')
    expect(solveOnce(element)).toBe(false)
    expect(element.verify).toHaveBeenCalledTimes(1)
  })

  it('solves again once the token has expired', async () => {
    const { element, finish, expire } = widget()
    solveOnce(element)
    await tick()
    await finish()
    expire()
    expect(solveOnce(element)).toBe(true)
    await tick()
    expect(element.verify).toHaveBeenCalledTimes(2)
  })

  it('leaves a solve the widget started itself (a click on its checkbox) alone', () => {
    const { element } = widget('verifying')
    expect(solveOnce(element)).toBe(false)
    expect(element.verify).not.toHaveBeenCalled()
  })

  it('starts nothing before the element has upgraded', () => {
    expect(solveOnce({})).toBe(false)
  })

  it('after a solve that failed, starts again', async () => {
    const element = { getState: () => 'error' as const, verify: vi.fn(() => Promise.reject(new Error('offline'))) }
    expect(solveOnce(element)).toBe(true)
    await tick()
    await tick()
    expect(solveOnce(element)).toBe(true)
    await tick()
    expect(element.verify).toHaveBeenCalledTimes(2)
  })

  it('renews a used token by resetting and solving, but lets a solve under way bring its fresh token', async () => {
    const { element, finish } = widget()
    solveOnce(element)
    await tick()
    renewSolution(element)
    expect(element.reset).not.toHaveBeenCalled()
    expect(element.verify).toHaveBeenCalledTimes(1)
    await finish()
    renewSolution(element)
    expect(element.reset).toHaveBeenCalledTimes(1)
    await tick()
    expect(element.verify).toHaveBeenCalledTimes(2)
  })
})
