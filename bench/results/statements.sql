-- a. leads page: GET /api/leads?limit=50
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- b. search ?q=Núñez: GET /api/search?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez","Núñez","Núñez","Núñez",4000,"Núñez","Núñez","Núñez","Núñez","Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez"]
WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AND lw_fold(business_name) COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || chr(1114111))
            AND TRUE
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT 5
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE NOT (SELECT count(*) >= 5 FROM lw_prefix) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')) AND TRUE LIMIT 1001
        ),
        lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (
      SELECT FROM "leads" WHERE ((SELECT count(*) >= 5 FROM lw_prefix) OR (SELECT count(*) > 1000 FROM lw_matches)) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $4)) || '%')) AND TRUE AND "leads"."id" % 64 = 0 LIMIT $5
    ) sample),
        lw_counted AS MATERIALIZED (SELECT (SELECT count(*)::int FROM (SELECT FROM "leads" WHERE (SELECT count(*) >= 5 FROM lw_prefix) AND NOT (SELECT n >= 16 FROM lw_sample) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || '%')) AND TRUE LIMIT 1001) capped) AS n),
        lw_candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN (strpos(lw_names, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $7)))) > 0) THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) AS lw_names FROM lw_matches WHERE id NOT IN (SELECT id FROM lw_prefix) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT 20
        )
        SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $8)))) AS lw_similarity FROM lw_prefix) ranked) AS prefix,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY tier, lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $9)))) AS lw_similarity FROM lw_candidates) ranked) AS candidates,
               (SELECT count(*)::int FROM lw_matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
               (SELECT n FROM lw_counted) AS counted,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $10)))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $11)) || '%') ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $12) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $13)) || '%')) AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $14)))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $15)) || '%') ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $16) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $17)) || '%')) AS issues_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'leadId', lead_id, 'businessName', business_name,
                 'excerpt', CASE WHEN lw_start > 1 THEN '…' ELSE '' END || substr(body, lw_start, 160)
                            || CASE WHEN length(body) >= lw_start + 160 THEN '…' ELSE '' END) ORDER BY id DESC), '[]')::text
      FROM (SELECT "lead_notes"."id" AS id, "lead_notes"."lead_id" AS lead_id, "leads"."business_name" AS business_name, "lead_notes"."body" AS body, greatest(strpos(lw_fold("lead_notes"."body"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $18)))) - 40, 1) AS lw_start
            FROM "lead_notes" JOIN "leads" ON "leads"."id" = "lead_notes"."lead_id"
            WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $19)) || '%') AND TRUE ORDER BY "lead_notes"."id" DESC LIMIT $20) best) AS notes, (SELECT count(*)::int FROM "lead_notes" WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $21)) || '%')) AS notes_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'status', status, 'dueDate', due_date) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, status, due_date, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $22)))) AS lw_similarity
            FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $23)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $24) best) AS tasks, (SELECT count(*)::int FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $25)) || '%') AND TRUE) AS tasks_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'version', version) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, version, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $26)))) AS lw_similarity
            FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $27)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $28) best) AS articles, (SELECT count(*)::int FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $29)) || '%') AND TRUE) AS articles_matched;

-- b. leads ?q=Núñez: GET /api/leads?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez",4000,"Núñez","Núñez"]
WITH lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (
      SELECT FROM "leads" WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%'))) AND "leads"."id" % 64 = 0 LIMIT $2
    ) sample), matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')) and NOT (SELECT n >= 16 FROM lw_sample)) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM ((SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and (strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) and (SELECT n >= 16 FROM lw_sample))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) UNION ALL (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51)) finding)
        SELECT (SELECT count(*)::int FROM matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- b. search ?q=diego westfield: GET /api/search?q=diego%20westfield
-- wave 1
-- params: ["diego westfield","diego westfield","ieg","diego","tfi","westfield","ieg","diego","tfi","westfield",4000,"ieg","diego","tfi","westfield","diego","westfield","diego westfield","diego westfield","diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield"]
WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AND lw_fold(business_name) COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || chr(1114111))
            AND TRUE
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT 5
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE NOT (SELECT count(*) >= 5 FROM lw_prefix) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $5)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $6)))) > 0) AND TRUE LIMIT 1001
        ),
        lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (
      SELECT FROM "leads" WHERE ((SELECT count(*) >= 5 FROM lw_prefix) OR (SELECT count(*) > 1000 FROM lw_matches)) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $7)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $8)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $9)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $10)))) > 0) AND TRUE AND "leads"."id" % 64 = 0 LIMIT $11
    ) sample),
        lw_counted AS MATERIALIZED (SELECT (SELECT count(*)::int FROM (SELECT FROM "leads" WHERE (SELECT count(*) >= 5 FROM lw_prefix) AND NOT (SELECT n >= 16 FROM lw_sample) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $12)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $13)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $14)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $15)))) > 0) AND TRUE LIMIT 1001) capped) AS n),
        lw_candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN (strpos(lw_names, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $16)))) > 0 AND strpos(lw_names, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $17)))) > 0) THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) AS lw_names FROM lw_matches WHERE id NOT IN (SELECT id FROM lw_prefix) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT 20
        )
        SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $18)))) AS lw_similarity FROM lw_prefix) ranked) AS prefix,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY tier, lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $19)))) AS lw_similarity FROM lw_candidates) ranked) AS candidates,
               (SELECT count(*)::int FROM lw_matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
               (SELECT n FROM lw_counted) AS counted,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $20)))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $21)) || '%') ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $22) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $23)) || '%')) AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $24)))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $25)) || '%') ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $26) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $27)) || '%')) AS issues_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'leadId', lead_id, 'businessName', business_name,
                 'excerpt', CASE WHEN lw_start > 1 THEN '…' ELSE '' END || substr(body, lw_start, 160)
                            || CASE WHEN length(body) >= lw_start + 160 THEN '…' ELSE '' END) ORDER BY id DESC), '[]')::text
      FROM (SELECT "lead_notes"."id" AS id, "lead_notes"."lead_id" AS lead_id, "leads"."business_name" AS business_name, "lead_notes"."body" AS body, greatest(strpos(lw_fold("lead_notes"."body"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $28)))) - 40, 1) AS lw_start
            FROM "lead_notes" JOIN "leads" ON "leads"."id" = "lead_notes"."lead_id"
            WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $29)) || '%') AND TRUE ORDER BY "lead_notes"."id" DESC LIMIT $30) best) AS notes, (SELECT count(*)::int FROM "lead_notes" WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $31)) || '%')) AS notes_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'status', status, 'dueDate', due_date) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, status, due_date, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $32)))) AS lw_similarity
            FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $33)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $34) best) AS tasks, (SELECT count(*)::int FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $35)) || '%') AND TRUE) AS tasks_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'version', version) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, version, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $36)))) AS lw_similarity
            FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $37)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $38) best) AS articles, (SELECT count(*)::int FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $39)) || '%') AND TRUE) AS articles_matched;

-- b. leads ?q=diego westfield: GET /api/leads?q=diego%20westfield
-- wave 1
-- params: ["ieg","diego","tfi","westfield",4000,"ieg","diego","tfi","westfield","ieg","diego","tfi","westfield"]
WITH lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (
      SELECT FROM "leads" WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0)) AND "leads"."id" % 64 = 0 LIMIT $5
    ) sample), matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $7)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $8)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $9)))) > 0) and NOT (SELECT n >= 16 FROM lw_sample)) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM ((SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $10)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $11)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $12)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $13)))) > 0) and (SELECT n >= 16 FROM lw_sample))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) UNION ALL (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51)) finding)
        SELECT (SELECT count(*)::int FROM matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- b. leads ?q=Núñez&view=full: GET /api/leads?q=N%C3%BA%C3%B1ez&view=full
-- wave 1
-- params: ["Núñez",4000,"Núñez","Núñez"]
WITH lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (
      SELECT FROM "leads" WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%'))) AND "leads"."id" % 64 = 0 LIMIT $2
    ) sample), matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE (TRUE and ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')) and NOT (SELECT n >= 16 FROM lw_sample)) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM ((SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and (strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) and (SELECT n >= 16 FROM lw_sample))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) UNION ALL (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51)) finding)
        SELECT (SELECT count(*)::int FROM matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- i. palette keystroke 1: ?q=N: GET /api/search?q=N
-- wave 1
-- params: ["N","N","N","N","N","N","N","N","N","N","N","N",5,"N","N","N",5,"N","N","N",5,"N","N","N",5,"N","N","N",5,"N"]
WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AND lw_fold(business_name) COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || chr(1114111))
            AND TRUE
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT 5
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE NOT (SELECT count(*) >= 5 FROM lw_prefix) AND (lw_fold("leads"."business_name") COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $3))) AND lw_fold("leads"."business_name") COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)) || chr(1114111))) AND TRUE LIMIT 1001
        ),
        lw_sample AS MATERIALIZED (SELECT 0 AS n),
        lw_counted AS MATERIALIZED (SELECT (SELECT count(*)::int FROM (SELECT FROM "leads" WHERE (SELECT count(*) >= 5 FROM lw_prefix) AND NOT (SELECT n >= 16 FROM lw_sample) AND (lw_fold("leads"."business_name") COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $5))) AND lw_fold("leads"."business_name") COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || chr(1114111))) AND TRUE ORDER BY lw_fold("leads"."business_name") COLLATE "C" LIMIT 1001) capped) AS n),
        lw_candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN ((lw_names LIKE (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $7)) || '%') OR lw_names LIKE (SELECT '% ' || lower(lw_unaccent('public.unaccent'::regdictionary, $8)) || '%'))) THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) AS lw_names FROM lw_matches WHERE id NOT IN (SELECT id FROM lw_prefix) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT 20
        )
        SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $9)))) AS lw_similarity FROM lw_prefix) ranked) AS prefix,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY tier, lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $10)))) AS lw_similarity FROM lw_candidates) ranked) AS candidates,
               (SELECT count(*)::int FROM lw_matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
               (SELECT n FROM lw_counted) AS counted,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $11)))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $12)) || '%') ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $13) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $14)) || '%')) AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $15)))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $16)) || '%') ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $17) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $18)) || '%')) AS issues_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'leadId', lead_id, 'businessName', business_name,
                 'excerpt', CASE WHEN lw_start > 1 THEN '…' ELSE '' END || substr(body, lw_start, 160)
                            || CASE WHEN length(body) >= lw_start + 160 THEN '…' ELSE '' END) ORDER BY id DESC), '[]')::text
      FROM (SELECT "lead_notes"."id" AS id, "lead_notes"."lead_id" AS lead_id, "leads"."business_name" AS business_name, "lead_notes"."body" AS body, greatest(strpos(lw_fold("lead_notes"."body"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $19)))) - 40, 1) AS lw_start
            FROM "lead_notes" JOIN "leads" ON "leads"."id" = "lead_notes"."lead_id"
            WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $20)) || '%') AND TRUE ORDER BY "lead_notes"."id" DESC LIMIT $21) best) AS notes, (SELECT count(*)::int FROM "lead_notes" WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $22)) || '%')) AS notes_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'status', status, 'dueDate', due_date) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, status, due_date, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $23)))) AS lw_similarity
            FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $24)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $25) best) AS tasks, (SELECT count(*)::int FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $26)) || '%') AND TRUE) AS tasks_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'version', version) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, version, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $27)))) AS lw_similarity
            FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $28)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $29) best) AS articles, (SELECT count(*)::int FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $30)) || '%') AND TRUE) AS articles_matched;

-- i. palette keystroke 2: ?q=Nú: GET /api/search?q=N%C3%BA
-- wave 1
-- params: ["Nú","Nú","Nú","Nú","Nú","Nú","Nú","Nú","Nú","Nú","Nú","Nú",5,"Nú","Nú","Nú",5,"Nú","Nú","Nú",5,"Nú","Nú","Nú",5,"Nú","Nú","Nú",5,"Nú"]
WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AND lw_fold(business_name) COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || chr(1114111))
            AND TRUE
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT 5
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE NOT (SELECT count(*) >= 5 FROM lw_prefix) AND (lw_fold("leads"."business_name") COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $3))) AND lw_fold("leads"."business_name") COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)) || chr(1114111))) AND TRUE LIMIT 1001
        ),
        lw_sample AS MATERIALIZED (SELECT 0 AS n),
        lw_counted AS MATERIALIZED (SELECT (SELECT count(*)::int FROM (SELECT FROM "leads" WHERE (SELECT count(*) >= 5 FROM lw_prefix) AND NOT (SELECT n >= 16 FROM lw_sample) AND (lw_fold("leads"."business_name") COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $5))) AND lw_fold("leads"."business_name") COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || chr(1114111))) AND TRUE ORDER BY lw_fold("leads"."business_name") COLLATE "C" LIMIT 1001) capped) AS n),
        lw_candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN ((lw_names LIKE (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $7)) || '%') OR lw_names LIKE (SELECT '% ' || lower(lw_unaccent('public.unaccent'::regdictionary, $8)) || '%'))) THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) AS lw_names FROM lw_matches WHERE id NOT IN (SELECT id FROM lw_prefix) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT 20
        )
        SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $9)))) AS lw_similarity FROM lw_prefix) ranked) AS prefix,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity) ORDER BY tier, lw_similarity DESC, id DESC), '[]')::text
         FROM (SELECT *, similarity(search_text, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $10)))) AS lw_similarity FROM lw_candidates) ranked) AS candidates,
               (SELECT count(*)::int FROM lw_matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
               (SELECT n FROM lw_counted) AS counted,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $11)))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $12)) || '%') ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $13) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $14)) || '%')) AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $15)))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $16)) || '%') ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $17) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $18)) || '%')) AS issues_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'leadId', lead_id, 'businessName', business_name,
                 'excerpt', CASE WHEN lw_start > 1 THEN '…' ELSE '' END || substr(body, lw_start, 160)
                            || CASE WHEN length(body) >= lw_start + 160 THEN '…' ELSE '' END) ORDER BY id DESC), '[]')::text
      FROM (SELECT "lead_notes"."id" AS id, "lead_notes"."lead_id" AS lead_id, "leads"."business_name" AS business_name, "lead_notes"."body" AS body, greatest(strpos(lw_fold("lead_notes"."body"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $19)))) - 40, 1) AS lw_start
            FROM "lead_notes" JOIN "leads" ON "leads"."id" = "lead_notes"."lead_id"
            WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $20)) || '%') AND TRUE ORDER BY "lead_notes"."id" DESC LIMIT $21) best) AS notes, (SELECT count(*)::int FROM "lead_notes" WHERE lw_fold("lead_notes"."body") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $22)) || '%')) AS notes_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'status', status, 'dueDate', due_date) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, status, due_date, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $23)))) AS lw_similarity
            FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $24)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $25) best) AS tasks, (SELECT count(*)::int FROM "tasks" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $26)) || '%') AND TRUE) AS tasks_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'title', title, 'version', version) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT id, title, version, similarity(lw_fold(title), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $27)))) AS lw_similarity
            FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $28)) || '%') AND TRUE ORDER BY lw_similarity DESC, id DESC LIMIT $29) best) AS articles, (SELECT count(*)::int FROM "knowledge_articles" WHERE lw_fold(title) LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $30)) || '%') AND TRUE) AS articles_matched;

-- c. dashboard: GET /api/dashboard
-- wave 1
-- params: [11]
SELECT
      coalesce("kpi_totals"."ytd_sum"::text, '0.00') AS ytd,
      coalesce("kpi_totals"."mrr_sum"::text, '0.00') AS mrr,
      (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts") AS total_leads,
      (SELECT count(*)::int FROM "affiliates" WHERE "affiliates"."status" = 'active') AS active_affiliates,
      (SELECT json_agg(json_build_object('status', s.status, 'count', coalesce(c.n, 0)) ORDER BY s.position)
         FROM (VALUES ('new', 0), ('contacted', 1), ('qualified', 2), ('converted', 3), ('lost', 4)) AS s(status, position)
         LEFT JOIN (SELECT "lead_counts"."status" AS status, sum("lead_counts"."n")::int AS n FROM "lead_counts" GROUP BY 1) c ON c.status = s.status
      )::text AS by_status,
      (SELECT json_agg(json_build_object('weekStart', to_char(w.week_start, 'YYYY-MM-DD'), 'count', w.n) ORDER BY w.week_start)
         FROM (
           SELECT w.week_start, coalesce(sum(d.n), 0)::int AS n
           FROM generate_series(
             date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(weeks => $1),
             date_trunc('week', now() AT TIME ZONE 'UTC'),
             interval '1 week'
           ) AS w(week_start)
           LEFT JOIN "lead_daily_counts" d ON d.day >= w.week_start::date AND d.day < w.week_start::date + 7
           GROUP BY w.week_start
         ) w
      )::text AS per_week
    -- The single totals row, or none yet: the figures then read as zero.
    FROM (SELECT 1) AS always_one LEFT JOIN "kpi_totals" ON "kpi_totals"."id" = 1;

-- d. report retail, 1 year: GET /api/reports?source=retail&startDate=2025-12-07&endDate=2026-12-07
-- wave 1
-- params: ["retail","2025-12-07","2026-12-07","retail","2025-12-07","2026-12-07"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and "leads"."industry" = $1 and "leads"."created_at" >= ($2::date)::timestamp AT TIME ZONE 'UTC' and "leads"."created_at" < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 101) finding)
        SELECT (SELECT coalesce(sum("lead_daily_counts"."n"), 0)::int FROM "lead_daily_counts" WHERE ("lead_daily_counts"."industry" in ($4) and "lead_daily_counts"."day" >= $5::date and "lead_daily_counts"."day" <= $6::date)) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 100) AS last_key,
          (SELECT id FROM found WHERE n = 100) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 100
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort businessName asc: GET /api/leads?limit=50&sort=businessName&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold("leads"."business_name") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold("leads"."business_name") COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort businessName desc: GET /api/leads?limit=50&sort=businessName&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold("leads"."business_name") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold("leads"."business_name") COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort contactName asc: GET /api/leads?limit=50&sort=contactName&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold("leads"."business_owner_name" || ' ' || "leads"."business_owner_last_name") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold("leads"."business_owner_name" || ' ' || "leads"."business_owner_last_name") COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort contactName desc: GET /api/leads?limit=50&sort=contactName&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold("leads"."business_owner_name" || ' ' || "leads"."business_owner_last_name") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold("leads"."business_owner_name" || ' ' || "leads"."business_owner_last_name") COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort email asc: GET /api/leads?limit=50&sort=email&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lower("leads"."email") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lower("leads"."email") COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort email desc: GET /api/leads?limit=50&sort=email&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lower("leads"."email") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lower("leads"."email") COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort industry asc: GET /api/leads?limit=50&sort=industry&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (coalesce("leads"."industry", '') COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY coalesce("leads"."industry", '') COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort industry desc: GET /api/leads?limit=50&sort=industry&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (coalesce("leads"."industry", '') COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY coalesce("leads"."industry", '') COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort status asc: GET /api/leads?limit=50&sort=status&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ((CASE "leads"."status" WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'qualified' THEN 2 WHEN 'converted' THEN 3 WHEN 'lost' THEN 4 ELSE 5 END))::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY (CASE "leads"."status" WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'qualified' THEN 2 WHEN 'converted' THEN 3 WHEN 'lost' THEN 4 ELSE 5 END) ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort status desc: GET /api/leads?limit=50&sort=status&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ((CASE "leads"."status" WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'qualified' THEN 2 WHEN 'converted' THEN 3 WHEN 'lost' THEN 4 ELSE 5 END))::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY (CASE "leads"."status" WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'qualified' THEN 2 WHEN 'converted' THEN 3 WHEN 'lost' THEN 4 ELSE 5 END) DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort priority asc: GET /api/leads?limit=50&sort=priority&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ((CASE "leads"."priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 ELSE 3 END))::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY (CASE "leads"."priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 ELSE 3 END) ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort priority desc: GET /api/leads?limit=50&sort=priority&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ((CASE "leads"."priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 ELSE 3 END))::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY (CASE "leads"."priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 ELSE 3 END) DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort pipelineStage asc: GET /api/leads?limit=50&sort=pipelineStage&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_stage_key("leads"."pipeline_stage") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_stage_key("leads"."pipeline_stage") COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort pipelineStage desc: GET /api/leads?limit=50&sort=pipelineStage&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_stage_key("leads"."pipeline_stage") COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_stage_key("leads"."pipeline_stage") COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort assignedTo asc: GET /api/leads?limit=50&sort=assignedTo&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold(coalesce("leads"."assigned_to", '')) COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold(coalesce("leads"."assigned_to", '')) COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort assignedTo desc: GET /api/leads?limit=50&sort=assignedTo&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold(coalesce("leads"."assigned_to", '')) COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold(coalesce("leads"."assigned_to", '')) COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort leadSource asc: GET /api/leads?limit=50&sort=leadSource&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold(coalesce("leads"."lead_source", '')) COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold(coalesce("leads"."lead_source", '')) COLLATE "C" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort leadSource desc: GET /api/leads?limit=50&sort=leadSource&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, (lw_fold(coalesce("leads"."lead_source", '')) COLLATE "C")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY lw_fold(coalesce("leads"."lead_source", '')) COLLATE "C" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort createdAt asc: GET /api/leads?limit=50&sort=createdAt&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY "leads"."created_at" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort createdAt desc: GET /api/leads?limit=50&sort=createdAt&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort updatedAt asc: GET /api/leads?limit=50&sort=updatedAt&dir=asc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."updated_at")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY "leads"."updated_at" ASC, "leads"."id" ASC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. sort updatedAt desc: GET /api/leads?limit=50&sort=updatedAt&dir=desc
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."updated_at")::text AS lw_text FROM "leads"
        WHERE TRUE
        ORDER BY "leads"."updated_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. filter status=qualified: GET /api/leads?limit=50&status=qualified
-- wave 1
-- params: ["qualified","qualified"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and "leads"."status" = $1)
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" WHERE "lead_counts"."status" in ($2)) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. filter priority=high: GET /api/leads?limit=50&priority=high
-- wave 1
-- params: ["high","high"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and "leads"."priority" in ($1))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT count(*)::int FROM (SELECT FROM "leads" WHERE (TRUE and "leads"."priority" in ($2)) LIMIT 1001) capped) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. filter industry=finance: GET /api/leads?limit=50&industry=finance
-- wave 1
-- params: ["finance","finance"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and "leads"."industry" = $1)
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" WHERE "lead_counts"."industry" in ($2)) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. filter stage=Proposal: GET /api/leads?limit=50&stage=Proposal
-- wave 1
-- params: ["Proposal","Proposal"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and lw_stage_key("leads"."pipeline_stage") IN (lower($1)))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("pipeline_stage_counts"."n"), 0)::int FROM "pipeline_stage_counts" WHERE "pipeline_stage_counts"."stage_key" IN (lower($2))) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- m. filter assignee=none: GET /api/leads?limit=50&assignee=none
-- wave 1
-- params: [0]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (TRUE and ("leads"."assignee_id" IS NULL))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_assignee_counts"."n"), 0)::int FROM "lead_assignee_counts" WHERE "lead_assignee_counts"."assignee_key" in ($1)) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "leadSource", "status", "priority", "assignedTo", "assigneeId", "tags", "pipelineStage", "createdAt", "updatedAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."assignee_id" AS "assigneeId", "leads"."tags" AS "tags", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- h. lead page: one lead (5,000 timeline entries): GET /api/leads/1
-- wave 1
-- params: [1]
select "leads"."id", "leads"."business_owner_name", "leads"."business_owner_last_name", "leads"."business_name", "leads"."email", "leads"."phone_number", "leads"."years_in_business", "leads"."employee_count", "leads"."industry", "leads"."industry_other", "leads"."current_crm_usage", "leads"."current_crm_platform", "leads"."current_software_challenges", "leads"."current_software_challenges_other", "leads"."crm_challenges", "leads"."crm_challenges_other", "leads"."desired_features", "leads"."desired_features_other", "leads"."metrics_tracking_method", "leads"."preferred_insight_method", "leads"."preferred_insight_method_other", "leads"."crm_setup_responsible", "leads"."quiz_version", "leads"."quiz_source", "leads"."affiliate_code", "leads"."quiz_history", "leads"."ai_analysis", "leads"."lead_source", "leads"."status", "leads"."priority", "leads"."assigned_to", "leads"."assignee_id", "leads"."tags", "leads"."custom_fields", "leads"."pipeline_stage", "leads"."created_at", "leads"."updated_at", "kpi_metrics"."ytd_revenue", "kpi_metrics"."mrr", "kpi_metrics"."updated_at" from "leads" left join "kpi_metrics" on "kpi_metrics"."lead_id" = "leads"."id" where ("leads"."id" = $1 and TRUE);

-- h. lead page: first timeline page: GET /api/leads/1/timeline
-- wave 1
-- params: [1,1]
SELECT t.id::text AS id, t.kind, to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
               t.actor, t.changes, t.subject,
               k.label AS api_key_label,
               m.status AS mail_status, m.error AS mail_error,
               to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS mail_sent_at,
               n.body AS note_body, n.pinned AS note_pinned,
               r.outcome AS run_outcome, r.error AS run_error
        FROM lead_timeline t
        LEFT JOIN api_keys k ON t.actor->>'kind' = 'apiKey' AND k.id = (t.actor->>'apiKeyId')::int
        LEFT JOIN mail_outbox m ON t.kind = 'email' AND m.id = (t.subject->>'mailId')::bigint
        LEFT JOIN lead_notes n ON t.kind = 'note' AND n.id = (t.subject->>'noteId')::int
        LEFT JOIN automation_runs r ON t.kind = 'automation' AND r.id = (t.subject->>'runId')::int
        WHERE t.lead_id = $1
          AND EXISTS (SELECT 1 FROM leads l WHERE l.id = $2 AND TRUE)
          
          
        ORDER BY t.id DESC
        LIMIT 31;
