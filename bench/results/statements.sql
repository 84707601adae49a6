-- a. leads page: GET /api/leads?limit=50
-- wave 1
-- params: []
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT (SELECT coalesce(sum("lead_counts"."n"), 0)::int FROM "lead_counts" ) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "status", "priority", "assignedTo", "pipelineStage", "createdAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- b. search ?q=Núñez: GET /api/search?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez","Núñez","Núñez","Núñez",4000,"Núñez","Núñez","Núñez","Núñez","Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez"]
WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AND lw_fold(business_name) COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || chr(1114111))
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT 5
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE NOT (SELECT count(*) >= 5 FROM lw_prefix) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')) LIMIT 1001
        ),
        lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ((SELECT count(*) >= 5 FROM lw_prefix) OR (SELECT count(*) > 1000 FROM lw_matches)) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $4)) || '%')) AND "leads"."id" % 64 = 0 LIMIT $5) sample),
        lw_counted AS MATERIALIZED (
          SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE (SELECT count(*) >= 5 FROM lw_prefix) AND (SELECT n < 16 FROM lw_sample) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || '%')) LIMIT 1001) counted
        ),
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
               (SELECT n FROM lw_counted) AS counted, (SELECT count(*) >= 5 FROM lw_prefix) AS filled,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $10)))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $11)) || '%') ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $12) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $13)) || '%')) AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $14)))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $15)) || '%') ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $16) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $17)) || '%')) AS issues_matched;

-- b. leads ?q=Núñez: GET /api/leads?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez",4000,"Núñez","Núñez"]
WITH lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%')) AND "leads"."id" % 64 = 0 LIMIT $2) sample), matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE (("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')) and NOT (SELECT n >= 16 FROM lw_sample)) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM ((SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE ((strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) and (SELECT n >= 16 FROM lw_sample))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) UNION ALL (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51)) finding)
        SELECT (SELECT count(*)::int FROM matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "status", "priority", "assignedTo", "pipelineStage", "createdAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- b. search ?q=diego westfield: GET /api/search?q=diego%20westfield
-- wave 1
-- params: ["diego westfield","diego westfield","ieg","diego","tfi","westfield","ieg","diego","tfi","westfield",4000,"ieg","diego","tfi","westfield","diego","westfield","diego westfield","diego westfield","diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield"]
WITH lw_prefix AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" >= (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AND lw_fold(business_name) COLLATE "C" < (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || chr(1114111))
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT 5
        ),
        lw_matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE NOT (SELECT count(*) >= 5 FROM lw_prefix) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $5)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $6)))) > 0) LIMIT 1001
        ),
        lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ((SELECT count(*) >= 5 FROM lw_prefix) OR (SELECT count(*) > 1000 FROM lw_matches)) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $7)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $8)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $9)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $10)))) > 0) AND "leads"."id" % 64 = 0 LIMIT $11) sample),
        lw_counted AS MATERIALIZED (
          SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE (SELECT count(*) >= 5 FROM lw_prefix) AND (SELECT n < 16 FROM lw_sample) AND ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $12)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $13)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $14)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $15)))) > 0) LIMIT 1001) counted
        ),
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
               (SELECT n FROM lw_counted) AS counted, (SELECT count(*) >= 5 FROM lw_prefix) AS filled,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $20)))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $21)) || '%') ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $22) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $23)) || '%')) AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $24)))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $25)) || '%') ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $26) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $27)) || '%')) AS issues_matched;

-- b. leads ?q=diego westfield: GET /api/leads?q=diego%20westfield
-- wave 1
-- params: ["ieg","diego","tfi","westfield",4000,"ieg","diego","tfi","westfield","ieg","diego","tfi","westfield"]
WITH lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) AND "leads"."id" % 64 = 0 LIMIT $5) sample), matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE (("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $7)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $8)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $9)))) > 0) and NOT (SELECT n >= 16 FROM lw_sample)) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM ((SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $10)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $11)))) > 0 AND "leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $12)) || '%') AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $13)))) > 0) and (SELECT n >= 16 FROM lw_sample))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) UNION ALL (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51)) finding)
        SELECT (SELECT count(*)::int FROM matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry", "status", "priority", "assignedTo", "pipelineStage", "createdAt" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."industry" AS "industry", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

-- b. leads ?q=Núñez&view=full: GET /api/leads?q=N%C3%BA%C3%B1ez&view=full
-- wave 1
-- params: ["Núñez",4000,"Núñez","Núñez"]
WITH lw_sample AS MATERIALIZED (SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%')) AND "leads"."id" % 64 = 0 LIMIT $2) sample), matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE (("leads"."search_text" LIKE (SELECT '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')) and NOT (SELECT n >= 16 FROM lw_sample)) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM ((SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE ((strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) and (SELECT n >= 16 FROM lw_sample))
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) UNION ALL (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51)) finding)
        SELECT (SELECT count(*)::int FROM matches) AS matched, (SELECT n FROM lw_sample) AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 50) AS last_key,
          (SELECT id FROM found WHERE n = 50) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 50
            ) documents ORDER BY lw_n
          ) doc) AS json;

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

-- d. report retail, 1 year: GET /api/reports?source=retail&startDate=2025-11-26&endDate=2026-11-26
-- wave 1
-- params: ["retail","2025-11-26","2026-11-26","retail","2025-11-26","2026-11-26"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE ("leads"."industry" = $1 and "leads"."created_at" >= ($2::date)::timestamp AT TIME ZONE 'UTC' and "leads"."created_at" < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 101) finding)
        SELECT (SELECT coalesce(sum("lead_daily_counts"."n"), 0)::int FROM "lead_daily_counts" WHERE ("lead_daily_counts"."industry" = $4 and "lead_daily_counts"."day" >= $5::date and "lead_daily_counts"."day" <= $6::date)) AS matched, NULL::int AS sampled,
          (SELECT count(*)::int FROM found) AS found,
          (SELECT lw_text FROM found WHERE n = 100) AS last_key,
          (SELECT id FROM found WHERE n = 100) AS last_id,
          (SELECT coalesce(json_agg(doc), '[]')::text FROM (
            SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM (
              SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", found.n AS lw_n
              FROM found JOIN "leads" ON "leads"."id" = found.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = found.id
              WHERE found.n <= 100
            ) documents ORDER BY lw_n
          ) doc) AS json;
