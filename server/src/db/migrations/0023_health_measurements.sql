CREATE TABLE "health_measurements" (
	"day" date PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL,
	"uptime_percent" real,
	"error_rate_percent" real,
	"performance_percent" real,
	"p95_latency_ms" real,
	"support_volume" integer NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL
);
