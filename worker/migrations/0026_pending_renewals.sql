-- A renewal sweep asks Paystack about the renewal charges still pending after a few minutes (an
-- outage cut off the answer, or a crash came between the claim and the settlement): this finds them
-- without reading every order.
CREATE INDEX orders_pending_renewals ON orders (created_at) WHERE status = 'pending' AND renews_from IS NOT NULL;
