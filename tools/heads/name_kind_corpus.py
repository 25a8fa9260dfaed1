"""Write the corpus of the ``name_kind`` head: bare names labelled by what they usually name,
``place`` (cities, regions, countries), ``person`` (first names, surnames, full names) or
``organisation`` (companies and software products).

    python tools/heads/name_kind_corpus.py   # rewrites corpus/name_kind.tsv
    python -m meetsight.intelligence.builtin.heads.train name_kind

The head reads only the sentence encoder's vector of a name (no word features: a name's own
letters would be memorised), so it answers for names it never saw from what the encoder learnt
about them ("Milwaukee" sits with cities, "Nadia" with people, "Zendesk" with products). The
competitor finder uses it as a prior: a name that is plainly a place or a person is no rival,
whatever a small-talk sentence around it reads like. The lists are general knowledge, English
and Spanish speaking world; names that occur in the evaluation conversations are left out, so
the development figures measure names the head never saw.
"""

from __future__ import annotations

from pathlib import Path

CORPUS = (
    Path(__file__).resolve().parents[2]
    / "src/meetsight/intelligence/builtin/heads/corpus/name_kind.tsv"
)
HEADER = """# Corpus of the `name_kind` head: bare names and what they usually name (place, person,
# organisation). Written by tools/heads/name_kind_corpus.py: do not edit by hand.
"""


def _names(block: str) -> list[str]:
    return block.split()


PLACES = _names("""
    Chicago Boston Seattle Portland Atlanta Houston Dallas Phoenix Detroit Cleveland Pittsburgh
    Baltimore Philadelphia Miami Orlando Tampa Nashville Louisville Indianapolis Cincinnati
    Minneapolis Omaha Kansas Missouri Iowa Nebraska Oregon Nevada Arizona Utah Colorado Georgia
    Florida Alabama Kentucky Tennessee Virginia Maryland Michigan Wisconsin Illinois Indiana
    Pennsylvania Sacramento Fresno Oakland Spokane Albuquerque Tucson Raleigh Charlotte Richmond
    Buffalo Rochester Toronto Vancouver Montreal Calgary Ottawa Winnipeg Quebec Alberta Manitoba
    London Manchester Leeds Glasgow Edinburgh Bristol Liverpool Sheffield Cardiff Belfast Paris
    Lyon Marseille Berlin Munich Hamburg Cologne Vienna Zurich Geneva Amsterdam Rotterdam
    Brussels Antwerp Lisbon Porto Rome Milan Naples Turin Warsaw Krakow Prague Budapest Athens
    Stockholm Oslo Copenhagen Helsinki France Italy Portugal Poland Sweden Norway Denmark
    Finland Ireland Scotland Wales Austria Switzerland Belgium Netherlands Greece Japan China
    India Brazil Argentina Chile Peru Colombia Ecuador Uruguay Paraguay Bolivia Venezuela
    Australia Sydney Melbourne Auckland Singapore Tokyo Osaka Seoul Shanghai Mumbai Delhi Manila
    Jakarta Dubai Cairo Lagos Nairobi Johannesburg Barcelona Sevilla Bilbao Zaragoza Málaga
    Murcia Alicante Granada Córdoba Valladolid Salamanca Toledo Girona Tarragona Oviedo
    Santander Pamplona Logroño Burgos León Cádiz Almería Galicia Cataluña Andalucía Asturias
    Navarra Aragón Extremadura Guadalajara Tijuana Mérida Cancún Oaxaca Veracruz Chihuahua
    Sonora Tampico Morelia Toluca Acapulco Cali Barranquilla Cartagena Bucaramanga Lima Arequipa
    Cusco Quito Guayaquil Caracas Maracaibo Montevideo Asunción Rosario Mendoza Valparaíso
    Antofagasta Temuco Iquique Arica Midwest Pacific Atlantic Caribbean Appalachia Yorkshire
    Bavaria Normandy Tuscany Patagonia Scandinavia Asia Africa Oceania Latinoamérica Europa
""")
PLACES_MULTI = [
    "New Jersey",
    "San Diego",
    "Salt Lake City",
    "Las Vegas",
    "New Orleans",
    "St. Louis",
    "Kansas City",
    "Buenos Aires",
    "Ciudad de México",
    "San José",
    "Santo Domingo",
    "Puerto Rico",
    "Costa Rica",
    "El Salvador",
    "Nueva York",
    "Los Ángeles",
    "Hong Kong",
    "South Africa",
    "New Zealand",
    "North Carolina",
    "South Dakota",
    "West Virginia",
    "Rhode Island",
    "Long Island",
    "Bay Area",
    "Silicon Valley",
    "East Coast",
    "Gulf Coast",
    "Northern Ireland",
    "Castilla y León",
    "País Vasco",
    "Costa del Sol",
    "Tierra del Fuego",
    "Baja California",
    "San Sebastián",
    "Las Palmas",
    "Santa Cruz",
    "Palma de Mallorca",
    "Viña del Mar",
    "Mar del Plata",
    "San Antonio",
    "Fort Worth",
    "El Paso",
]

PEOPLE = _names("""
    James John Robert Michael William David Richard Joseph Thomas Charles Christopher Daniel
    Matthew Anthony Mark Steven Paul Andrew Joshua Kenneth Kevin Brian George Timothy Ronald
    Edward Jason Jeffrey Ryan Jacob Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon
    Benjamin Samuel Frank Raymond Patrick Alexander Jack Dennis Jerry Tyler Aaron Henry Mary
    Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty Sandra
    Margaret Ashley Kimberly Emily Donna Michelle Carol Amanda Melissa Deborah Stephanie Rebecca
    Sharon Laura Cynthia Amy Angela Shirley Anna Brenda Pamela Emma Nicole Helen Samantha
    Katherine Christine Debra Rachel Carolyn Janet Maria Heather Diane Julie Joyce Victoria
    Olivia Sophia Isabella Mia Charlotte Amelia Harper Evelyn Abigail Ella Scarlett Chloe Zoe
    Penelope Layla Nora Lily Hazel Aurora Violet Stella Ingrid Astrid Sigrid Freya Leif Sven
    Bjorn Henrik Klaus Dieter Jürgen Wolfgang Giulia Matteo Lorenzo Francesca Chiara Alessandro
    Giovanni Pierre Jacques Camille Amélie Yusuf Fatima Aisha Omar Hassan Tariq Kwame Ngozi
    Chidi Hiroshi Yuki Kenji Mei Wei Jun Raj Anil Sunita Deepak Lakshmi Arjun Rohan Kavya Mateo
    Sebastián Diego Alejandro Javier Carlos Miguel José Juan Luis Jorge Pedro Andrés Fernando
    Ricardo Eduardo Sergio Pablo Manuel Francisco Antonio Rafael Raúl Alberto Enrique Gonzalo
    Ignacio Rodrigo Esteban Emilio Guillermo Joaquín Lucía Sofía Valentina Camila Martina
    Daniela Gabriela Carmen Isabel Elena Paula Marta Andrea Alejandra Beatriz Rocío Pilar
    Mercedes Inés Adriana Natalia Claudia Verónica Lorena Silvia Cristina Teresa Rosa Gloria
    Ximena Guadalupe Mariana Fernanda Renata Smith Johnson Williams Brown Jones Miller Davis
    Wilson Anderson Taylor Moore Jackson Thompson White Harris Clark Lewis Robinson Walker Young
    Allen King Wright Hill Green Adams Baker Nelson Carter Mitchell Roberts Turner Phillips
    Campbell Parker Evans Edwards Collins Stewart Morris Murphy Cook Rogers Morgan Peterson
    Cooper Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood García Rodríguez Martínez
    Hernández López González Pérez Sánchez Ramírez Torres Flores Rivera Gómez Díaz Reyes Morales
    Ortiz Gutiérrez Chávez Ramos Castillo Jiménez Vargas Romero Herrera Medina Aguilar Moreno
    Muñoz Navarro Domínguez Vázquez Ruiz Alonso Serrano Blanco Molina Delgado Castro Ortega
    Rubio Marín Sanz Iglesias Núñez Garrido Cortés Calvo
""")
PEOPLE_MULTI = [
    "Tom Baker",
    "Laura Méndez",
    "Sarah O'Neill",
    "Raj Patel",
    "Chen Wei",
    "Ana Lucía Torres",
    "Jean-Luc Martin",
    "Mary Ann",
    "Juan Carlos",
    "José Luis",
    "María José",
    "Ben Carter",
    "Kate Morrison",
    "Ahmed Khan",
    "Li Na",
    "Olumide Adeyemi",
    "Kofi Mensah",
    "Isabel Cruz",
    "Pedro Salinas",
    "Hugo Ferreira",
    "Nina Petrova",
    "Ivan Sokolov",
    "Erik Larsen",
    "Mette Holm",
    "Jana Novak",
]

ORGANISATIONS = _names("""
    Salesloft HubSpot Pipedrive Zendesk Freshdesk Marketo Pardot Mailchimp Klaviyo Braze
    Iterable Mixpanel Pendo FullStory Hotjar Optimizely Contentful Sitecore Acquia Squarespace
    Wix Webflow BigCommerce Magento WooCommerce Lightspeed Shopkeep Revel Gusto Rippling Workday
    BambooHR Paylocity Paycom Paychex Deel Greenhouse Workable SmartRecruiters iCIMS Zoho
    Freshworks Odoo Xero QuickBooks FreshBooks Bill.com Brex Navan Emburse Tipalti Airbase
    Chargebee Recurly Zuora Stripe Adyen Braintree Paddle Checkout.com Klarna Affirm Datadog
    NewRelic Dynatrace Splunk PagerDuty Opsgenie Atlassian Jira Confluence Asana Monday.com
    ClickUp Wrike Smartsheet Airtable Basecamp Trello Miro Calendly Zoom Webex RingCentral
    Aircall Dialpad Vonage Nextiva Gorgias Kustomer Gladly Qualtrics Medallia SurveyMonkey
    Typeform Jotform PandaDoc Conga Icertis Agiloft LinkSquares Juro Evisort CrowdStrike
    Fortinet Zscaler Netskope Cloudflare Akamai Mimecast Barracuda Rapid7 Tenable Qualys Snyk
    Veracode Checkmarx Wiz Lacework Darktrace Vectra Huntress Blackpoint ReliaQuest Kaseya
    NinjaOne Syncro Atera Veeam Rubrik Cohesity Druva Commvault Backblaze Wasabi Egnyte Dropbox
    Fleetio Geotab Teletrac Omnitracs Trimble Descartes Transporeon Onfleet Bringg Routific
    OptimoRoute Tookan Workwave Housecall FieldEdge Fieldwire Procore Buildertrend CoConstruct
    Autodesk Bluebeam Limble Maintainx eMaint Aprimo Highspot Showpad Mindtickle Lessonly Docebo
    TalentLMS CultureAmp 15Five Leapsome Bonusly Tettra Coda Quip Rudderstack Fivetran Airbyte
    Snowflake Databricks Looker Tableau Sisense Domo Qlik ThoughtSpot Metabase Podium Birdeye
    Yext Solutionreach Dentrix Eaglesoft Kareo AdvancedMD Athenahealth DrChrono Cliniko
    SimplePractice Mindbody Vagaro Fresha Alegra Siigo Contpaqi Aspel Defontana Nubox Factorial
    Personio Bizneo Cegid Quipu Contasimple Signaturit Docuten Lleida Kenjo Endalia Workmeter
    Woffu Conekta Openpay Kushki Culqi Alignet Bsale Laudus Softland Rindegastos Chipax Shipit
    Envíame Skydropx Enviaflores Melonn Nuvemshop Tiendanube Jumpseller Bigin Zenvia Wherex
    Ninox Netflix Spotify Uber Lyft Oracle Infor Intacct Acumatica Syspro IFS Unit4 Jaggaer
    Ivalua Basware Precoro Spendesk Pleo Payhawk Soldo Mooncard Yokoy Rydoo Expensya Appzen
    Happay
""")
ORGANISATIONS_MULTI = [
    "Palo Alto Networks",
    "Zoho CRM",
    "Microsoft Dynamics",
    "Oracle Cloud",
    "Google Workspace",
    "Adobe Sign",
    "Sage Intacct",
    "Verizon Connect",
    "Hubspot CRM",
    "Freshworks CRM",
    "Zoom Phone",
    "Dropbox Sign",
    "Amazon Connect",
    "Cisco Webex",
    "IBM Maximo",
    "Infor CloudSuite",
    "Epic Systems",
    "Twilio Flex",
    "Mercado Libre",
    "Bill.com",
    "Monday.com",
    "Help Scout",
    "Help Desk Pro",
    "Service Cloud",
    "Field Nation",
    "Route4Me",
    "Deputy",
    "When I Work",
    "Homebase",
    "7shifts",
    "Sling",
    "Connecteam",
    "Zenefits",
    "Justworks",
    "TriNet",
    "Insperity",
]


def rows() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for label, names in (
        ("place", PLACES + PLACES_MULTI),
        ("person", PEOPLE + PEOPLE_MULTI),
        ("organisation", ORGANISATIONS + ORGANISATIONS_MULTI),
    ):
        out += [(label, name) for name in dict.fromkeys(names)]
    return out


def main() -> None:
    lines = [f"{label}\tany\t{name}" for label, name in rows()]
    CORPUS.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
