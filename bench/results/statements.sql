-- b. search ?q=Núñez: GET /api/search?q=N%C3%BA%C3%B1ez
-- wave 1, statement 1 of 3 (sent together)
-- params: ["Núñez","Núñez","Núñez",5]
SELECT id, business_name AS "businessName", email, similarity(search_text, lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AS similarity FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" LIKE lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || '%' AND ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%')
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT $4;

-- wave 1, statement 2 of 3 (sent together)
-- params: ["Núñez","Núñez",5,"Núñez","Núñez","Núñez",5,"Núñez"]
SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || '%' ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $3) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $4)) || '%') AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", lower(lw_unaccent('public.unaccent'::regdictionary, $5))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || '%' ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $7) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $8)) || '%') AS issues_matched;

-- wave 1, statement 3 of 3 (sent together)
-- params: ["Núñez",4000]
SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%') AND "leads"."id" % 64 = 0 LIMIT $2) sample;

-- b. leads ?q=Núñez: GET /api/leads?q=N%C3%BA%C3%B1ez
-- wave 1
-- params: ["Núñez",4000]
SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%') AND "leads"."id" % 64 = 0 LIMIT $2) sample;

-- wave 2
-- params: ["Núñez"]
WITH found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT "leads"."id" AS id, ("leads"."created_at")::text AS lw_text FROM "leads"
        WHERE (strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $1)))) > 0)
        ORDER BY "leads"."created_at" DESC, "leads"."id" DESC
        LIMIT 51) finding)
        SELECT NULL::int AS extra,
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

-- b. search ?q=diego westfield: GET /api/search?q=diego%20westfield
-- wave 1, statement 1 of 3 (sent together)
-- params: ["diego westfield","diego westfield","ieg","diego","tfi","westfield",5]
SELECT id, business_name AS "businessName", email, similarity(search_text, lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AS similarity FROM "leads"
          WHERE lw_fold(business_name) COLLATE "C" LIKE lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || '%' AND ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0 AND "leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $5)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $6)))) > 0)
          ORDER BY lw_fold(business_name) COLLATE "C", id
          LIMIT $7;

-- wave 1, statement 2 of 3 (sent together)
-- params: ["diego westfield","diego westfield",5,"diego westfield","diego westfield","diego westfield",5,"diego westfield"]
SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email, 'uniqueCode', unique_code) ORDER BY lw_similarity DESC, id), '[]')::text
      FROM (SELECT "affiliates"."id", "affiliates"."name", "affiliates"."email", "affiliates"."unique_code", similarity(lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code"), lower(lw_unaccent('public.unaccent'::regdictionary, $1))) AS lw_similarity
            FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $2)) || '%' ORDER BY lw_similarity DESC, "affiliates"."id" LIMIT $3) best) AS affiliates, (SELECT count(*)::int FROM "affiliates" WHERE lw_fold("affiliates"."name" || ' ' || "affiliates"."email" || ' ' || "affiliates"."unique_code") LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $4)) || '%') AS affiliates_matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'description', description, 'status', status, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'screenshotUrl', screenshot_url, 'aiRepairLog', ai_repair_log) ORDER BY lw_similarity DESC, id DESC), '[]')::text
      FROM (SELECT "technical_issues"."id", "technical_issues"."description", "technical_issues"."status", "technical_issues"."created_at",
                   "technical_issues"."screenshot_url", "technical_issues"."ai_repair_log", similarity("technical_issues"."search_text", lower(lw_unaccent('public.unaccent'::regdictionary, $5))) AS lw_similarity
            FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $6)) || '%' ORDER BY lw_similarity DESC, "technical_issues"."id" DESC LIMIT $7) best) AS issues, (SELECT count(*)::int FROM "technical_issues" WHERE "technical_issues"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $8)) || '%') AS issues_matched;

-- wave 1, statement 3 of 3 (sent together)
-- params: ["ieg","diego","tfi","westfield",1001,"diego","westfield","{}",20,"diego westfield"]
WITH matches AS MATERIALIZED (
          SELECT id, business_name, email, search_text FROM "leads" WHERE ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)))) > 0 AND "leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) LIMIT $5
        ),
        candidates AS (
          SELECT id, business_name, email, search_text, CASE WHEN (strpos(lw_names, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $6)))) > 0 AND strpos(lw_names, (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $7)))) > 0) THEN 1 ELSE 2 END AS tier
          FROM (SELECT *, left(search_text, greatest(strpos(search_text, ' ' || lower(email)) - 1, 0)) AS lw_names FROM matches WHERE id <> ALL($8::int[]) OFFSET 0) named
          ORDER BY tier, length(search_text), id DESC
          LIMIT $9
        )
        SELECT (SELECT count(*)::int FROM matches) AS matched,
               (SELECT coalesce(json_agg(json_build_object('id', id, 'businessName', business_name, 'email', email, 'similarity', lw_similarity)
                                ORDER BY tier, lw_similarity DESC, id DESC), '[]')::text
                FROM (SELECT *, similarity(search_text, lower(lw_unaccent('public.unaccent'::regdictionary, $10))) AS lw_similarity FROM candidates) ranked) AS leads;

-- b. leads ?q=diego westfield: GET /api/leads?q=diego%20westfield
-- wave 1
-- params: ["ieg","diego","tfi","westfield",4000]
SELECT count(*)::int AS n FROM (SELECT FROM "leads" WHERE ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)))) > 0 AND "leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) AND "leads"."id" % 64 = 0 LIMIT $5) sample;

-- wave 2
-- params: ["ieg","diego","tfi","westfield"]
WITH matches AS MATERIALIZED (
          SELECT "leads"."id" AS id, "leads"."created_at" AS lw_key FROM "leads" WHERE ("leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $1)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $2)))) > 0 AND "leads"."search_text" LIKE '%' || lower(lw_unaccent('public.unaccent'::regdictionary, $3)) || '%' AND strpos("leads"."search_text", (SELECT lower(lw_unaccent('public.unaccent'::regdictionary, $4)))) > 0) LIMIT 1001
        ), found AS MATERIALIZED (SELECT id, lw_text, row_number() OVER () AS n FROM (SELECT matches.id AS id, (matches.lw_key)::text AS lw_text FROM matches 
          ORDER BY matches.lw_key DESC, matches.id DESC
          LIMIT 51) finding)
        SELECT (SELECT count(*)::int FROM matches) AS extra,
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
