-- a. leads page: GET /api/leads?limit=50
-- wave 1, statement 1 of 2 (sent together)
-- params: [51,0,50,51,51,50]
WITH page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ("leads"."created_at")::text AS lw_sort_key, row_number() OVER (ORDER BY "leads"."created_at" DESC, "leads"."id" DESC) AS lw_n
      FROM "leads" LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = "leads"."id"
      
      ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
      LIMIT $1 OFFSET $2
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $3 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $4 - 1 AND EXISTS (SELECT FROM page WHERE lw_n = $5)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $6) AS last_id;

-- wave 1, statement 2 of 2 (sent together)
-- params: []
select coalesce(sum("n"), 0)::int from "lead_counts";

-- b. search ?q=Núñez: GET /api/search?q=N%C3%BA%C3%B1ez
-- wave 1, statement 1 of 6 (sent together)
-- params: ["Núñez",5,true,"Núñez",200,"Núñez",5]
WITH prefix AS (
      SELECT id FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold($1) || '%'
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT $2
    ),
    anywhere AS (
      SELECT id FROM leads
      WHERE $3 AND search_text LIKE '%' || lw_fold($4) || '%'
      LIMIT $5
    ),
    candidates AS (SELECT id FROM prefix UNION SELECT id FROM anywhere)
    SELECT l.id, l.business_name, l.email
    FROM candidates c JOIN leads l ON l.id = c.id
    ORDER BY (c.id IN (SELECT id FROM prefix)) DESC,
             similarity(l.search_text, lw_fold($6)) DESC,
             l.id DESC
    LIMIT $7;

-- wave 1, statement 2 of 6 (sent together)
-- params: ["Núñez",1001]
select count(*)::int from (select 1 from "leads" where "leads"."search_text" LIKE '%' || lw_fold($1) || '%' limit $2) "capped";

-- wave 1, statement 3 of 6 (sent together)
-- params: ["Núñez","Núñez",5]
select "id", "name", "email", "unique_code" from "affiliates" where lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($1) || '%' order by similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lw_fold($2)) desc, "affiliates"."id" asc limit $3;

-- wave 1, statement 4 of 6 (sent together)
-- params: ["Núñez"]
select count(*) from "affiliates" where lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lw_fold($1) || '%';

-- wave 1, statement 5 of 6 (sent together)
-- params: ["Núñez","Núñez",5]
select "id", "description", "status", "created_at", "screenshot_url", "ai_repair_log" from "technical_issues" where "technical_issues"."search_text" LIKE '%' || lw_fold($1) || '%' order by similarity("technical_issues"."search_text", lw_fold($2)) desc, "technical_issues"."id" desc limit $3;

-- wave 1, statement 6 of 6 (sent together)
-- params: ["Núñez"]
select count(*) from "technical_issues" where "technical_issues"."search_text" LIKE '%' || lw_fold($1) || '%';

-- b. leads ?q=Núñez: GET /api/leads?q=N%C3%BA%C3%B1ez
-- wave 1, statement 1 of 2 (sent together)
-- params: ["Núñez",51,0,50,51,51,50]
WITH page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ("leads"."created_at")::text AS lw_sort_key, row_number() OVER (ORDER BY "leads"."created_at" DESC, "leads"."id" DESC) AS lw_n
      FROM "leads" LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = "leads"."id"
      WHERE "leads"."search_text" LIKE '%' || lw_fold($1) || '%'
      ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
      LIMIT $2 OFFSET $3
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $4 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $5 - 1 AND EXISTS (SELECT FROM page WHERE lw_n = $6)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $7) AS last_id;

-- wave 1, statement 2 of 2 (sent together)
-- params: ["Núñez",1001]
select count(*)::int from (select 1 from "leads" where "leads"."search_text" LIKE '%' || lw_fold($1) || '%' limit $2) "capped";

-- c. dashboard: GET /api/dashboard
-- wave 1
-- params: [11]
SELECT
      coalesce((SELECT "kpi_totals"."ytd_sum"::text FROM "kpi_totals" WHERE "kpi_totals"."id" = 1), '0.00') AS ytd,
      coalesce((SELECT "kpi_totals"."mrr_sum"::text FROM "kpi_totals" WHERE "kpi_totals"."id" = 1), '0.00') AS mrr,
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
      )::text AS per_week;

-- d. report retail, 1 year: GET /api/reports?source=retail&startDate=2025-11-22&endDate=2026-11-22
-- wave 1, statement 1 of 2 (sent together)
-- params: ["retail","2025-11-22","2026-11-22",101,0,100,101,101,100]
WITH page AS (
      SELECT "leads"."id" AS "id", "leads"."business_owner_name" AS "businessOwnerName", "leads"."business_owner_last_name" AS "businessOwnerLastName", "leads"."business_name" AS "businessName", "leads"."email" AS "email", "leads"."phone_number" AS "phoneNumber", "leads"."years_in_business" AS "yearsInBusiness", "leads"."employee_count" AS "employeeCount", "leads"."industry" AS "industry", "leads"."industry_other" AS "industryOther", "leads"."current_crm_usage" AS "currentCrmUsage", "leads"."current_crm_platform" AS "currentCrmPlatform", "leads"."current_software_challenges" AS "currentSoftwareChallenges", "leads"."current_software_challenges_other" AS "currentSoftwareChallengesOther", "leads"."crm_challenges" AS "crmChallenges", "leads"."crm_challenges_other" AS "crmChallengesOther", "leads"."desired_features" AS "desiredFeatures", "leads"."desired_features_other" AS "desiredFeaturesOther", "leads"."metrics_tracking_method" AS "metricsTrackingMethod", "leads"."preferred_insight_method" AS "preferredInsightMethod", "leads"."preferred_insight_method_other" AS "preferredInsightMethodOther", "leads"."crm_setup_responsible" AS "crmSetupResponsible", "leads"."quiz_version" AS "quizVersion", "leads"."quiz_source" AS "quizSource", "leads"."affiliate_code" AS "affiliateCode", "leads"."quiz_history" AS "quizHistory", "leads"."ai_analysis" AS "aiAnalysis", "leads"."lead_source" AS "leadSource", "leads"."status" AS "status", "leads"."priority" AS "priority", "leads"."assigned_to" AS "assignedTo", "leads"."tags" AS "tags", "leads"."custom_fields" AS "customFields", coalesce("leads"."pipeline_stage", 'New') AS "pipelineStage", to_char("leads"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("leads"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "leads"."email" AS "businessOwnerEmail", "leads"."industry" AS "businessType", CASE WHEN "kpi_metrics"."lead_id" IS NULL THEN NULL ELSE json_build_object('ytdRevenue', "kpi_metrics"."ytd_revenue"::text, 'mrr', "kpi_metrics"."mrr"::text, 'updatedAt', to_char("kpi_metrics"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "kpi", ("leads"."created_at")::text AS lw_sort_key, row_number() OVER (ORDER BY "leads"."created_at" DESC, "leads"."id" DESC) AS lw_n
      FROM "leads" LEFT JOIN "kpi_metrics" ON "kpi_metrics"."lead_id" = "leads"."id"
      WHERE ("leads"."industry" = $1 and "leads"."created_at" >= ($2::date)::timestamp AT TIME ZONE 'UTC' and "leads"."created_at" < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')
      ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
      LIMIT $4 OFFSET $5
    )
    SELECT (SELECT coalesce(json_agg(doc), '[]')::text FROM (SELECT "id", "businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "employeeCount", "industry", "industryOther", "currentCrmUsage", "currentCrmPlatform", "currentSoftwareChallenges", "currentSoftwareChallengesOther", "crmChallenges", "crmChallengesOther", "desiredFeatures", "desiredFeaturesOther", "metricsTrackingMethod", "preferredInsightMethod", "preferredInsightMethodOther", "crmSetupResponsible", "quizVersion", "quizSource", "affiliateCode", "quizHistory", "aiAnalysis", "leadSource", "status", "priority", "assignedTo", "tags", "customFields", "pipelineStage", "createdAt", "updatedAt", "businessOwnerEmail", "businessType", "kpi" FROM page WHERE lw_n <= $6 ORDER BY lw_n) doc) AS json,
           (SELECT lw_sort_key FROM page WHERE lw_n = $7 - 1 AND EXISTS (SELECT FROM page WHERE lw_n = $8)) AS last_key,
           (SELECT "id" FROM page WHERE lw_n = $9) AS last_id;

-- wave 1, statement 2 of 2 (sent together)
-- params: ["retail","2025-11-22","2026-11-22"]
select coalesce(sum("n"), 0)::int from "lead_daily_counts" where ("lead_daily_counts"."industry" = $1 and "lead_daily_counts"."day" >= $2::date and "lead_daily_counts"."day" <= $3::date);
