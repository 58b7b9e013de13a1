// The live book: the latest quote per symbol code. The live-price relay (live-prices.server.ts)
// writes what the market engine publishes; loaders read it so the first HTML already shows
// live figures.
import type { Quote } from "~/domain/quotes";

export class LiveBook {
  private readonly quotes = new Map<string, Quote>();

  get(symbolCode: string): Quote | undefined {
    return this.quotes.get(symbolCode.toUpperCase());
  }

  set(quote: Quote): void {
    this.quotes.set(quote.symbolCode.toUpperCase(), quote);
  }

  /** Quotes of the given codes that the book has, in the order asked. */
  pick(codes: readonly string[]): Quote[] {
    return codes.map((code) => this.get(code)).filter((q): q is Quote => q !== undefined);
  }

  all(): IterableIterator<Quote> {
    return this.quotes.values();
  }

  get size(): number {
    return this.quotes.size;
  }
}
