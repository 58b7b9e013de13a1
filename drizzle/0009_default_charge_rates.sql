-- The statutory rates published for NSE from 2024-10-01 (docs/decisions/173), with a default
-- brokerage of 0.03 % of an order capped at Rs 20 (none on equity delivery). Role 1 adds a row
-- with a later effective date on /charges when a rate changes; these rows stay for older trades.
INSERT INTO "charge_rates" ("segment", "effective_from", "stt_buy", "stt_sell", "exchange", "sebi", "stamp_buy", "gst", "brokerage_kind", "brokerage_value", "brokerage_cap") VALUES
  ('EQUITY_INTRADAY', '2024-10-01', 0, 0.025, 0.00297, 0.0001, 0.003, 18, 'percent', 0.03, 20),
  ('EQUITY_DELIVERY', '2024-10-01', 0.1, 0.1, 0.00297, 0.0001, 0.015, 18, 'flat', 0, NULL),
  ('INDEX_FUTURES', '2024-10-01', 0, 0.02, 0.00173, 0.0001, 0.002, 18, 'percent', 0.03, 20),
  ('STOCK_FUTURES', '2024-10-01', 0, 0.02, 0.00173, 0.0001, 0.002, 18, 'percent', 0.03, 20)
ON CONFLICT DO NOTHING;
