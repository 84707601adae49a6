-- a. leads page: GET /api/leads?limit=50
-- wave 1, statement 1 of 2 (sent together)
-- params: [51,0,50,50,51,50]
WITH found AS MATERIALIZED (
      SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads"
      
      ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
      LIMIT $1 OFFSET $2
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY lw_key DESC, id DESC) AS lw_n FROM found),
    
    page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ids.lw_key::text AS lw_sort_key, ids.lw_n
      FROM ids JOIN "leads" ON "leads"."id" = ids.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = ids.id
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $3 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $4 AND EXISTS (SELECT FROM page WHERE lw_n = $5)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $6) AS last_id;

-- wave 1, statement 2 of 2 (sent together)
-- params: []
select coalesce(sum("n"), 0)::int from "lead_counts";

-- b. search ?q=Núñez: GET /api/search?q=N%C3%BA%C3%B1ez
-- wave 1, statement 1 of 5 (sent together)
-- params: ["Núñez",1001,"Núñez","Núñez",5,"Núñez",20,"Núñez",5]
WITH matches AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads WHERE "leads"."search_text" LIKE '%' || lw_fold($1) || '%' LIMIT $2
    ),
    prefix AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold($3) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($4) || '%'
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT $5
    ),
    candidates AS (
      SELECT * FROM (
        SELECT *, 0 AS tier FROM prefix
        UNION ALL
        SELECT *, CASE WHEN left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($6) || '%' THEN 1 ELSE 2 END
        FROM matches WHERE id NOT IN (SELECT id FROM prefix)
      ) tiered
      ORDER BY tier, length(search_text), id DESC
      LIMIT $7
    ),
    ranked AS (
      SELECT id, business_name, email,
             row_number() OVER (ORDER BY tier, similarity(search_text, lw_fold($8)) DESC, id DESC) AS lw_rank
      FROM candidates
    )
    SELECT (SELECT count(*)::int FROM matches) AS matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email) ORDER BY lw_rank), '[]')::text
            FROM ranked WHERE lw_rank <= $9) AS leads;

-- wave 1, statement 2 of 5 (sent together)
-- params: ["Núñez","Núñez",5]
select "id", "name", "email", "unique_code" from "affiliates" where lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($1) || '%' order by similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lw_fold($2)) desc, "affiliates"."id" asc limit $3;

-- wave 1, statement 3 of 5 (sent together)
-- params: ["Núñez"]
select count(*) from "affiliates" where lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($1) || '%';

-- wave 1, statement 4 of 5 (sent together)
-- params: ["Núñez","Núñez",5]
select "id", "description", "status", "created_at", "screenshot_url", "ai_repair_log" from "technical_issues" where "technical_issues"."search_text" LIKE '%' || lw_fold($1) || '%' order by similarity("technical_issues"."search_text", lw_fold($2)) desc, "technical_issues"."id" desc limit $3;

-- wave 1, statement 5 of 5 (sent together)
-- params: ["Núñez"]
select count(*) from "technical_issues" where "technical_issues"."search_text" LIKE '%' || lw_fold($1) || '%';

-- b. leads ?q=Núñez: GET /api/leads?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez",1001,1000,51,0,1000,"Núñez",51,0,50,50,51,50]
WITH matches AS MATERIALIZED (
      SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE "leads"."search_text" LIKE '%' || lw_fold($1) || '%' LIMIT $2
    ),
    counted AS MATERIALIZED (SELECT count(*)::int AS n FROM matches),
    found AS MATERIALIZED (
      (SELECT id, lw_key FROM matches
       WHERE (SELECT n FROM counted) <= $3 
       ORDER BY lw_key DESC, id DESC
       LIMIT $4 OFFSET $5)
      UNION ALL
      (SELECT "leads"."id", "leads"."created_at" FROM "leads"
       WHERE (SELECT n FROM counted) > $6 AND "leads"."search_text" LIKE '%' || lw_fold($7) || '%' 
       ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
       LIMIT $8 OFFSET $9)
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY lw_key DESC, id DESC) AS lw_n FROM found),
    
    page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ids.lw_key::text AS lw_sort_key, ids.lw_n
      FROM ids JOIN "leads" ON "leads"."id" = ids.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = ids.id
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $10 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $11 AND EXISTS (SELECT FROM page WHERE lw_n = $12)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $13) AS last_id, (SELECT n FROM counted) AS total;

-- b. search ?q=diego westfield: GET /api/search?q=diego%20westfield
-- wave 1, statement 1 of 5 (sent together)
-- params: ["diego","westfield",1001,"diego westfield","diego","westfield",5,"diego","westfield",20,"diego westfield",5]
WITH matches AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads WHERE ("leads"."search_text" LIKE '%' || lw_fold($1) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($2) || '%') LIMIT $3
    ),
    prefix AS MATERIALIZED (
      SELECT id, business_name, email, search_text FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold($4) || '%' AND ("leads"."search_text" LIKE '%' || lw_fold($5) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($6) || '%')
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT $7
    ),
    candidates AS (
      SELECT * FROM (
        SELECT *, 0 AS tier FROM prefix
        UNION ALL
        SELECT *, CASE WHEN (left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($8) || '%' AND left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) LIKE '%' || lw_fold($9) || '%') THEN 1 ELSE 2 END
        FROM matches WHERE id NOT IN (SELECT id FROM prefix)
      ) tiered
      ORDER BY tier, length(search_text), id DESC
      LIMIT $10
    ),
    ranked AS (
      SELECT id, business_name, email,
             row_number() OVER (ORDER BY tier, similarity(search_text, lw_fold($11)) DESC, id DESC) AS lw_rank
      FROM candidates
    )
    SELECT (SELECT count(*)::int FROM matches) AS matched,
           (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email) ORDER BY lw_rank), '[]')::text
            FROM ranked WHERE lw_rank <= $12) AS leads;

-- wave 1, statement 2 of 5 (sent together)
-- params: ["diego westfield","diego westfield",5]
select "id", "name", "email", "unique_code" from "affiliates" where lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($1) || '%' order by similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lw_fold($2)) desc, "affiliates"."id" asc limit $3;

-- wave 1, statement 3 of 5 (sent together)
-- params: ["diego westfield"]
select count(*) from "affiliates" where lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($1) || '%';

-- wave 1, statement 4 of 5 (sent together)
-- params: ["diego westfield","diego westfield",5]
select "id", "description", "status", "created_at", "screenshot_url", "ai_repair_log" from "technical_issues" where "technical_issues"."search_text" LIKE '%' || lw_fold($1) || '%' order by similarity("technical_issues"."search_text", lw_fold($2)) desc, "technical_issues"."id" desc limit $3;

-- wave 1, statement 5 of 5 (sent together)
-- params: ["diego westfield"]
select count(*) from "technical_issues" where "technical_issues"."search_text" LIKE '%' || lw_fold($1) || '%';

-- b. leads ?q=diego westfield: GET /api/leads?q=diego%20westfield
-- wave 1
-- params: ["diego","westfield",1001,1000,51,0,1000,"diego","westfield",51,0,50,50,51,50]
WITH matches AS MATERIALIZED (
      SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE ("leads"."search_text" LIKE '%' || lw_fold($1) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($2) || '%') LIMIT $3
    ),
    counted AS MATERIALIZED (SELECT count(*)::int AS n FROM matches),
    found AS MATERIALIZED (
      (SELECT id, lw_key FROM matches
       WHERE (SELECT n FROM counted) <= $4 
       ORDER BY lw_key DESC, id DESC
       LIMIT $5 OFFSET $6)
      UNION ALL
      (SELECT "leads"."id", "leads"."created_at" FROM "leads"
       WHERE (SELECT n FROM counted) > $7 AND ("leads"."search_text" LIKE '%' || lw_fold($8) || '%' AND "leads"."search_text" LIKE '%' || lw_fold($9) || '%') 
       ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
       LIMIT $10 OFFSET $11)
    ),
    ids AS (SELECT id, lw_key, row_number() OVER (ORDER BY lw_key DESC, id DESC) AS lw_n FROM found),
    
    page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ids.lw_key::text AS lw_sort_key, ids.lw_n
      FROM ids JOIN "leads" ON "leads"."id" = ids.id LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = ids.id
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $12 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $13 AND EXISTS (SELECT FROM page WHERE lw_n = $14)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $15) AS last_id, (SELECT n FROM counted) AS total;
