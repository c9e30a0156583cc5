/** What Fluent UI needs from a browser that jsdom lacks: ResizeObserver (message bars reflow with it; popovers replace it, so it stays writable). */
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, configurable: true, writable: true });
}

/** jsdom lays nothing out, so it has no scrollIntoView; a form scrolls its first invalid field into view. */
if (typeof Element !== 'undefined' && !('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: function scrollIntoView(): void {}, configurable: true, writable: true });
}
