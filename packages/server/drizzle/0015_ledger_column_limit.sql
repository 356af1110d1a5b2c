-- fin_capital_pool_book (migration 0010) as it was, and one more refusal: a booking that would take the
-- pool's total past what its numeric(14, 2) column holds is answered 'totalOverColumn:<room left>'
-- instead of failing with numeric field overflow (HTTP 500). The check runs under the pool lock, so
-- concurrent deposits cannot pass it together.
CREATE OR REPLACE FUNCTION fin_capital_pool_book(
  p_pool_id varchar, p_change_type varchar, p_from varchar, p_to varchar, p_amount numeric,
  p_op_key varchar, p_biz_ref varchar, p_biz_no varchar, p_org_id varchar, p_org_name varchar,
  p_remark varchar, p_user varchar, p_log_id varchar, p_at timestamptz, p_checked boolean)
RETURNS TABLE (id varchar, pool_id varchar, seq integer, change_type varchar, amount text, from_account varchar,
  to_account varchar, balance_after text, frozen_after text, used_after text, total_after text, repeated boolean,
  refusal text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  pool fin_capital_pool%ROWTYPE;
  known fin_capital_pool_log%ROWTYPE;
  v_total numeric; v_frozen numeric; v_used numeric; v_before numeric; v_after numeric;
  held_frozen numeric; held_paid numeric; v_refusal text;
BEGIN
  -- A repeat is answered before the lock, so it never waits for the pool; and once more under the
  -- lock, for the caller that booked the same key while this one waited.
  SELECT * INTO known FROM fin_capital_pool_log l WHERE l.op_key = p_op_key;
  IF known.id IS NULL THEN
    SELECT * INTO pool FROM fin_capital_pool c WHERE c.id = p_pool_id FOR UPDATE;
    IF pool.id IS NULL THEN
      RETURN QUERY SELECT NULL::varchar, NULL::varchar, NULL::integer, NULL::varchar, NULL, NULL::varchar, NULL::varchar,
        NULL, NULL, NULL, NULL, NULL::boolean, 'notFound';
      RETURN;
    END IF;
    SELECT * INTO known FROM fin_capital_pool_log l WHERE l.op_key = p_op_key;
  END IF;
  IF known.id IS NOT NULL THEN
    IF known.pool_id <> p_pool_id OR known.change_type <> p_change_type OR known.from_account <> p_from
       OR known.to_account <> p_to OR known.amount <> p_amount THEN
      v_refusal := 'keyReused';
    END IF;
    RETURN QUERY SELECT known.id, known.pool_id, known.seq, known.change_type, known.amount::text, known.from_account,
      known.to_account, known.balance_after::text, known.frozen_after::text, known.used_after::text, known.total_after::text, true,
      v_refusal;
    RETURN;
  END IF;

  v_total := pool.total_amount; v_frozen := pool.frozen_amount; v_used := pool.used_amount;
  v_before := v_total - v_used - v_frozen;
  IF p_checked THEN
    v_refusal := CASE
      WHEN pool.status = '4' THEN 'settled'
      WHEN pool.status = '3' THEN 'paused'
      WHEN p_change_type NOT IN ('1', '6') AND pool.status <> '2' THEN 'notActive'
      WHEN p_from = 'available' AND p_amount > v_before
        THEN CASE WHEN p_change_type = '6' THEN 'adjustBelowZero:' ELSE 'overdraw:' END || v_before::numeric(14, 2)::text
      WHEN p_biz_ref IS NULL AND (p_change_type = '2' OR p_from IN ('frozen', 'used')) THEN 'bizRefRequired'
    END;
    IF v_refusal IS NULL AND p_from IN ('frozen', 'used') THEN
      SELECT coalesce(sum(l.amount) FILTER (WHERE l.change_type = '2'), 0)
             - coalesce(sum(l.amount) FILTER (WHERE l.change_type IN ('3', '4')), 0),
             coalesce(sum(l.amount) FILTER (WHERE l.change_type = '4'), 0)
             - coalesce(sum(l.amount) FILTER (WHERE l.change_type = '5'), 0)
        INTO held_frozen, held_paid
        FROM fin_capital_pool_log l WHERE l.pool_id = p_pool_id AND l.biz_ref = p_biz_ref;
      v_refusal := CASE
        WHEN p_change_type = '3' AND p_amount > held_frozen THEN 'releaseTooMuch:' || held_frozen::numeric(14, 2)::text
        WHEN p_change_type = '4' AND p_amount > held_frozen THEN 'deductTooMuch:' || held_frozen::numeric(14, 2)::text
        WHEN p_change_type = '5' AND p_amount > held_paid THEN 'refundTooMuch:' || held_paid::numeric(14, 2)::text
      END;
    END IF;
    IF v_refusal IS NOT NULL THEN
      RETURN QUERY SELECT NULL::varchar, p_pool_id, NULL::integer, NULL::varchar, NULL, NULL::varchar, NULL::varchar,
        NULL, NULL, NULL, NULL, NULL::boolean, v_refusal;
      RETURN;
    END IF;
  END IF;

  IF p_from = 'external' THEN v_total := v_total + p_amount; END IF;
  IF p_to = 'external' THEN v_total := v_total - p_amount; END IF;
  IF p_from = 'frozen' THEN v_frozen := v_frozen - p_amount; END IF;
  IF p_to = 'frozen' THEN v_frozen := v_frozen + p_amount; END IF;
  IF p_from = 'used' THEN v_used := v_used - p_amount; END IF;
  IF p_to = 'used' THEN v_used := v_used + p_amount; END IF;
  v_after := v_total - v_used - v_frozen;
  -- The columns are numeric(14, 2): a sum past 999999999999.99 would abort the statement with
  -- "numeric field overflow". Refused like any other check, naming the room left, whatever the caller.
  -- Only money from outside raises the total, and frozen and used never exceed it.
  IF v_total > 999999999999.99 THEN
    RETURN QUERY SELECT NULL::varchar, p_pool_id, NULL::integer, NULL::varchar, NULL, NULL::varchar, NULL::varchar,
      NULL, NULL, NULL, NULL, NULL::boolean, 'totalOverColumn:' || (999999999999.99 - pool.total_amount)::numeric(14, 2)::text;
    RETURN;
  END IF;

  UPDATE fin_capital_pool c
     SET total_amount = v_total, frozen_amount = v_frozen, used_amount = v_used, log_seq = pool.log_seq + 1,
         update_by = p_user, update_time = p_at
   WHERE c.id = p_pool_id;
  INSERT INTO fin_capital_pool_log (id, pool_id, pool_code, seq, change_type, amount, from_account, to_account,
      balance_before, balance_after, total_after, frozen_after, used_after, biz_ref, biz_no, op_key, org_id, org_name,
      remark, create_by, create_time)
    VALUES (p_log_id, p_pool_id, pool.pool_code, pool.log_seq + 1, p_change_type, p_amount, p_from, p_to,
      v_before, v_after, v_total, v_frozen, v_used, p_biz_ref, p_biz_no, p_op_key, p_org_id, p_org_name,
      p_remark, p_user, p_at);
  RETURN QUERY SELECT p_log_id, p_pool_id, pool.log_seq + 1, p_change_type, p_amount::numeric(14, 2)::text, p_from, p_to,
    v_after::numeric(14, 2)::text, v_frozen::numeric(14, 2)::text, v_used::numeric(14, 2)::text, v_total::numeric(14, 2)::text, false,
    NULL;
END;
$$;
