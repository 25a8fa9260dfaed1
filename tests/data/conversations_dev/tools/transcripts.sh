#!/bin/sh
# Rebuild the ASR scripts from their annotated sources and every transcript from its script,
# with the style and seed each one was made with. gen_vtt.py is the shared evaluation set's
# generator (GEN_VTT=path/to/gen_vtt.py); the output is deterministic, so a rebuild of
# unchanged scripts leaves `git status` clean. A seed that made gen_vtt.py round a cue start to
# "MM:60.000" was replaced by another (tools/check.py rejects such timestamps).
set -eu
cd "$(dirname "$0")/.."
GEN_VTT="${GEN_VTT:-/work/shared/evalsets/conversations/gen_vtt.py}"
for src in tools/asr/*.txt; do
    [ -e "$src" ] || continue
    tr -d '?' < "$src" > "scripts/$(basename "$src")"
done
while read -r id style seed; do
    python3 "$GEN_VTT" "scripts/$id.txt" "transcripts/$id.vtt" "$style" "$seed"
done <<'LIST'
d01_cmms_discovery teams 3101
d02_ciam_demo numbered 3202
d03_ccaas_negotiation plain 3303
d04_social_renewal teams 3404
d05_awareness_expansion numbered 3505
d06_dashcam_security_review teams 3606
d07_roombooking_partner plain 3707
d08_expense_onboarding numbered 3808
d09_visibility_qbr teams 3909
d10_search_escalation numbered 4010
d11_vet_inbound plain 4111
d12_access_outbound teams 4212
d13_es_mx_farmacias numbered 4313
d14_es_co_ultima_milla plain 4414
d15_es_cl_asistencia_call teams 4515
d16_es_es_licitacion_interna numbered 4616
d17_asr_landscaping_inbound plain 4717
d18_asr_church_discovery teams 4818
d19_asr_es_dental_inbound numbered 4919
d20_asr_brewery_discovery teams 5020
d21_intro_no_next_steps plain 5121
d22_signage_training numbered 5222
d23_internal_brainstorm teams 5323
d24_internal_pipeline_review plain 5424
d25_internal_ops_status numbered 5525
d26_support_resolved_call teams 5626
d27_lost_deal_debrief plain 5727
d28_es_soporte_resuelto teams 5828
d29_internal_launch_retro numbered 5929
d30_es_cierre_perdido plain 6030
d31_fleet_fuel_discovery teams 6131
d32_success_checkin numbered 6232
d33_es_revision_interna plain 6333
d34_declined_outbound teams 6434
d35_incident_retro numbered 6535
d36_webinar_qa plain 6636
d37_es_llamada_rechazada teams 6737
d38_support_password_call numbered 6838
d39_sprint_retro teams 6939
d40_campaign_postmortem plain 7040
d41_billing_duplicate_call numbered 7141
d42_asr_wrong_plan_call teams 7242
d43_board_meeting_q2 plain 7343
d44_homecare_pains_discovery teams 7444
d45_internal_deal_review numbered 7545
LIST
