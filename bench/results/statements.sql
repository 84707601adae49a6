-- b. search ?q=Núñez: GET /api/search?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez","Núñez",5,5,"Núñez",1001,1000,"Núñez",1001,"Núñez",5,20,"Núñez",1000,1001,5,"Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez"]
WITH prefix AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold($1) || '%' AND ("leads"."search_text" LIKE '%' || lw_fold($2) || '%')
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT $3
    ),
    sampled AS MATERIALIZED (
      SELECT count(*)::int AS n FROM (
        SELECT FROM "leads" WHERE (SELECT count(*) FROM prefix) >= $4 AND ("leads"."search_text" LIKE '%' || lw_fold($5) || '%') AND "leads"."id" % 8 = 0
        LIMIT $6
      ) sample
    ),
    matches AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE (SELECT n FROM sampled) <= $7 AND ("leads"."search_text" LIKE '%' || lw_fold($8) || '%') LIMIT $9
    ),
    candidates AS (
      SELECT * FROM (
        SELECT *, 0 AS tier FROM prefix
        UNION ALL
        SELECT *, CASE WHEN (left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($10) || '%') THEN 1 ELSE 2 END
        FROM matches WHERE NOT (SELECT count(*) FROM prefix) >= $11 AND id NOT IN (SELECT id FROM prefix)
      ) tiered
      ORDER BY tier, length(search_text), id DESC
      LIMIT $12
    ),
    ranked AS (
      SELECT id, business_name, email,
             row_number() OVER (ORDER BY tier, similarity(search_text, lw_fold($13)) DESC, id DESC) AS lw_rank
      FROM candidates
    )
    SELECT CASE WHEN (SELECT n FROM sampled) > $14 THEN $15 ELSE (SELECT count(*)::int FROM matches) END AS leads_matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email) ORDER BY lw_rank), '[]')::text
            FROM ranked WHERE lw_rank <= $16) AS leads,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lw_fold($17)) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($18) || '%' ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $19) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($20) || '%') AS affiliates_matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", lw_fold($21)) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lw_fold($22) || '%' ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $23) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lw_fold($24) || '%') AS issues_matched;

-- b. leads ?q=Núñez: GET /api/leads?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez",1001,1000,"Núñez",1001,1000,1001,1000,51,0,1000,"Núñez",51,0,50,50,51,50]
WITH sampled AS MATERIALIZED (
      SELECT count(*)::int AS n FROM (
        SELECT FROM "leads" WHERE true AND ("leads"."search_text" LIKE '%' || lw_fold($1) || '%') AND "leads"."id" % 8 = 0
        LIMIT $2
      ) sample
    ),
    matches AS MATERIALIZED (
      SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads"
      WHERE (SELECT n FROM sampled) <= $3 AND ("leads"."search_text" LIKE '%' || lw_fold($4) || '%') LIMIT $5
    ),
    counted AS MATERIALIZED (
      SELECT CASE WHEN (SELECT n FROM sampled) > $6 THEN $7 ELSE (SELECT count(*)::int FROM matches) END AS n
    ),
    found AS MATERIALIZED (
      (SELECT id, lw_key FROM matches
       WHERE (SELECT n FROM counted) <= $8 
       ORDER BY lw_key DESC, id DESC
       LIMIT $9 OFFSET $10)
      UNION ALL
      (SELECT "leads"."id", "leads"."created_at" FROM "leads"
       WHERE (SELECT n FROM counted) > $11 AND (("leads"."search_text" || '') LIKE '%' || lw_fold($12) || '%') 
       ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
       LIMIT $13 OFFSET $14)
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY lw_key DESC, id DESC) AS lw_n FROM found),
    
    page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ids.lw_key::text AS lw_sort_key, ids.lw_n
      FROM ids JOIN "leads" ON "leads"."id" = ids.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = ids.id
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $15 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $16 AND EXISTS (SELECT FROM page WHERE lw_n = $17)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $18) AS last_id, (SELECT n FROM counted) AS total;

-- b. search ?q=diego westfield: GET /api/search?q=diego%20westfield
-- wave 1
-- params: ["diego westfield","die","ego","diego","wes","eld","westfield",5,5,"die","ego","diego","wes","eld","westfield",1001,1000,"die","ego","diego","wes","eld","westfield",1001,"die","ego","diego","wes","eld","westfield",5,20,"diego westfield",1000,1001,5,"diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield"]
WITH prefix AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold($1) || '%' AND ("leads"."search_text" LIKE '%' || lw_fold($2) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($3) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($4) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($5) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($6) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($7) || '%')
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT $8
    ),
    sampled AS MATERIALIZED (
      SELECT count(*)::int AS n FROM (
        SELECT FROM "leads" WHERE (SELECT count(*) FROM prefix) >= $9 AND ("leads"."search_text" LIKE '%' || lw_fold($10) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($11) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($12) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($13) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($14) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($15) || '%') AND "leads"."id" % 8 = 0
        LIMIT $16
      ) sample
    ),
    matches AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE (SELECT n FROM sampled) <= $17 AND ("leads"."search_text" LIKE '%' || lw_fold($18) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($19) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($20) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($21) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($22) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($23) || '%') LIMIT $24
    ),
    candidates AS (
      SELECT * FROM (
        SELECT *, 0 AS tier FROM prefix
        UNION ALL
        SELECT *, CASE WHEN (left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($25) || '%' AND left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($26) || '%' AND (left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) || '') LIKE '%' || lw_fold($27) || '%' AND left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($28) || '%' AND left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($29) || '%' AND (left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) || '') LIKE '%' || lw_fold($30) || '%') THEN 1 ELSE 2 END
        FROM matches WHERE NOT (SELECT count(*) FROM prefix) >= $31 AND id NOT IN (SELECT id FROM prefix)
      ) tiered
      ORDER BY tier, length(search_text), id DESC
      LIMIT $32
    ),
    ranked AS (
      SELECT id, business_name, email,
             row_number() OVER (ORDER BY tier, similarity(search_text, lw_fold($33)) DESC, id DESC) AS lw_rank
      FROM candidates
    )
    SELECT CASE WHEN (SELECT n FROM sampled) > $34 THEN $35 ELSE (SELECT count(*)::int FROM matches) END AS leads_matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email) ORDER BY lw_rank), '[]')::text
            FROM ranked WHERE lw_rank <= $36) AS leads,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lw_fold($37)) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($38) || '%' ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $39) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($40) || '%') AS affiliates_matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", lw_fold($41)) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lw_fold($42) || '%' ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $43) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lw_fold($44) || '%') AS issues_matched;

-- b. leads ?q=diego westfield: GET /api/leads?q=diego%20westfield
-- wave 1
-- params: [1000,"die","ego","diego","wes","eld","westfield",1001,1000,1001,1000,51,0,1000,"die","ego","diego","wes","eld","westfield",51,0,50,50,51,50]
WITH sampled AS (SELECT 0 AS n),
    matches AS MATERIALIZED (
      SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads"
      WHERE (SELECT n FROM sampled) <= $1 AND ("leads"."search_text" LIKE '%' || lw_fold($2) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($3) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($4) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($5) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($6) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($7) || '%') LIMIT $8
    ),
    counted AS MATERIALIZED (
      SELECT CASE WHEN (SELECT n FROM sampled) > $9 THEN $10 ELSE (SELECT count(*)::int FROM matches) END AS n
    ),
    found AS MATERIALIZED (
      (SELECT id, lw_key FROM matches
       WHERE (SELECT n FROM counted) <= $11 
       ORDER BY lw_key DESC, id DESC
       LIMIT $12 OFFSET $13)
      UNION ALL
      (SELECT "leads"."id", "leads"."created_at" FROM "leads"
       WHERE (SELECT n FROM counted) > $14 AND ("leads"."search_text" LIKE '%' || lw_fold($15) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($16) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($17) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($18) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($19) || '%' AND ("leads"."search_text" || '') LIKE '%' || lw_fold($20) || '%') 
       ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
       LIMIT $21 OFFSET $22)
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY lw_key DESC, id DESC) AS lw_n FROM found),
    
    page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ids.lw_key::text AS lw_sort_key, ids.lw_n
      FROM ids JOIN "leads" ON "leads"."id" = ids.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = ids.id
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $23 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $24 AND EXISTS (SELECT FROM page WHERE lw_n = $25)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $26) AS last_id, (SELECT n FROM counted) AS total;
