"""The people and companies of the demo: our sales team at Northwind and its customers.

Northwind sells "Northwind Flow", an operations platform (scheduling, inventory, reporting) to
companies with field crews and warehouses. All names, domains and numbers are invented; phone
numbers use the 555-01xx range reserved for fiction.
"""

from __future__ import annotations

from dataclasses import dataclass

from meetsight.demo.records import DemoPerson

OUR_COMPANY = "Northwind"
OUR_DOMAIN = "northwind-sales.example"
PRODUCT = "Northwind Flow"

# Modules of the product, used by demo and pricing blocks.
MODULES = ("Scheduling", "Inventory", "Analytics", "Field app", "Integrations hub")
PLANS = {"Team": 69, "Business": 89, "Enterprise": 119}  # list price per seat and month, USD


def _internal(key: str, name: str, title: str, phone: str | None) -> DemoPerson:
    email = name.lower().replace(" ", ".").replace("í", "i").replace("á", "a")
    return DemoPerson(key, name, f"{email}@{OUR_DOMAIN}", phone, True, OUR_COMPANY, title)


# Account executives own deals; the others join when the stage calls for them.
TEAM: dict[str, DemoPerson] = {
    p.key: p
    for p in (
        _internal("ae-maya", "Maya Okafor", "Account Executive", "+14155550101"),
        _internal("ae-daniel", "Daniel Brooks", "Account Executive", "+14155550102"),
        _internal("ae-priya", "Priya Raman", "Senior Account Executive", "+14155550103"),
        _internal("ae-lucia", "Lucía Moreno", "Account Executive, LATAM and Spain", "+14155550104"),
        _internal("se-tom", "Tom Lindqvist", "Solutions Engineer", None),
        _internal("se-ana", "Ana Beltrán", "Solutions Engineer", "+14155550106"),
        _internal("mgr-rachel", "Rachel Stein", "Regional Sales Director", "+14155550107"),
        _internal("csm-omar", "Omar Haddad", "Customer Success Manager", "+14155550108"),
    )
}


@dataclass(frozen=True, slots=True)
class Contact:
    first: str
    last: str
    title: str
    email: bool = True  # some contacts only ever called in
    phone: bool = True


@dataclass(frozen=True, slots=True)
class Company:
    key: str
    name: str
    domain: str
    city: str
    utc_offset: int  # hours; fixed offsets keep the schedule free of DST rules
    language: str
    industry: str
    owner: str  # account executive's key
    country_code: str
    area: str
    contacts: tuple[Contact, ...]
    pains: tuple[str, ...]
    competitors: tuple[str, ...]
    seats: int
    plan: str
    crews: str  # what their field people are called, for slot text


COMPANIES: tuple[Company, ...] = (
    Company(
        "bluefin",
        "Bluefin Logistics",
        "bluefin-logistics.example",
        "Oakland",
        -8,
        "en",
        "freight and last-mile delivery",
        "ae-maya",
        "+1",
        "510",
        (
            Contact("Grace", "Whitfield", "Director of Operations"),
            Contact("Marcus", "Bell", "VP Finance"),
            Contact("Kenji", "Abe", "IT Manager"),
            Contact("Shauna", "Price", "Dispatch Lead", email=False),
            Contact("Victor", "Alvarez", "Warehouse Supervisor"),
        ),
        (
            "dispatchers rebuild the route plan by hand every morning",
            "drivers call the office for every address change",
            "we find out about missed deliveries a day late",
        ),
        ("Routemaster Pro", "Opsly"),
        180,
        "Business",
        "drivers",
    ),
    Company(
        "cedar",
        "Cedar & Stone Builders",
        "cedarstone.example",
        "Denver",
        -7,
        "en",
        "residential construction",
        "ae-daniel",
        "+1",
        "303",
        (
            Contact("Heather", "Collins", "Operations Manager"),
            Contact("Ray", "Donovan", "Chief Financial Officer"),
            Contact("Imani", "Scott", "Project Coordinator"),
            Contact("Luke", "Petersen", "Site Superintendent", email=False),
        ),
        (
            "materials show up at the wrong site",
            "our schedules live in six different spreadsheets",
            "subcontractors double-book our crews",
        ),
        ("Stackwise", "Tallybook"),
        95,
        "Team",
        "site crews",
    ),
    Company(
        "pinecrest",
        "Pinecrest Home Health",
        "pinecrest-health.example",
        "Portland",
        -8,
        "en",
        "home healthcare",
        "ae-priya",
        "+1",
        "503",
        (
            Contact("Naomi", "Fischer", "Head of Clinical Operations"),
            Contact("Jordan", "Hayes", "IT Security Lead"),
            Contact("Beatrice", "Lowe", "Scheduling Coordinator"),
            Contact("Samuel", "Grant", "Chief Operating Officer"),
        ),
        (
            "nurses spend an hour a day on paperwork after visits",
            "last-minute cancellations leave gaps we cannot fill",
            "audits take weeks because visit records are scattered",
        ),
        ("GridOps", "CareRoster"),
        240,
        "Enterprise",
        "nurses",
    ),
    Company(
        "lumen",
        "Lumen Field Services",
        "lumenfield.example",
        "Austin",
        -6,
        "en",
        "commercial electrical maintenance",
        "ae-maya",
        "+1",
        "512",
        (
            Contact("Derek", "Mills", "Service Manager"),
            Contact("Alicia", "Romero", "Controller"),
            Contact("Brandon", "Kim", "Lead Technician", email=False),
        ),
        (
            "technicians arrive without the right parts",
            "invoices go out two weeks after the job is done",
            "we have no idea which jobs actually make money",
        ),
        ("Opsly",),
        60,
        "Team",
        "technicians",
    ),
    Company(
        "orchard",
        "Orchard Valley Foods",
        "orchardvalley.example",
        "Fresno",
        -8,
        "en",
        "food distribution",
        "ae-priya",
        "+1",
        "559",
        (
            Contact("Patricia", "Nguyen", "Supply Chain Director"),
            Contact("Elliot", "Crane", "CFO"),
            Contact("Rosa", "Delgado", "Inventory Planner"),
            Contact("Tyler", "Quinn", "Systems Administrator"),
            Contact("Hannah", "Ostrowski", "Procurement Manager"),
        ),
        (
            "inventory counts are off by the end of every month",
            "we throw away product that expired in the back of the cold room",
            "month-end reporting takes our team three full days",
        ),
        ("Tallybook", "Stackwise"),
        320,
        "Enterprise",
        "route crews",
    ),
    Company(
        "keystone",
        "Keystone HVAC",
        "keystonehvac.example",
        "Columbus",
        -5,
        "en",
        "heating and cooling services",
        "ae-daniel",
        "+1",
        "614",
        (
            Contact("Gary", "Holt", "Owner"),
            Contact("Melissa", "Turner", "Office Manager"),
            Contact("Andre", "Watkins", "Field Supervisor", email=False),
        ),
        (
            "the office spends all day on the phone rescheduling visits",
            "we lose track of maintenance contracts up for renewal",
        ),
        ("Routemaster Pro",),
        40,
        "Team",
        "installers",
    ),
    Company(
        "meridian",
        "Meridian Facilities Group",
        "meridianfg.example",
        "Chicago",
        -6,
        "en",
        "facilities management",
        "ae-priya",
        "+1",
        "312",
        (
            Contact("Caroline", "Marsh", "VP Operations"),
            Contact("Dev", "Patel", "Head of IT"),
            Contact("Frank", "Olsen", "Regional Manager"),
            Contact("Lena", "Schultz", "Finance Director"),
        ),
        (
            "each region reports its numbers in a different format",
            "work orders get lost between the help desk and the field",
            "we cannot prove our response times to clients",
        ),
        ("GridOps", "Opsly"),
        400,
        "Enterprise",
        "facility teams",
    ),
    Company(
        "tidewater",
        "Tidewater Marine Supply",
        "tidewatermarine.example",
        "Norfolk",
        -5,
        "en",
        "marine parts distribution",
        "ae-maya",
        "+1",
        "757",
        (
            Contact("Owen", "Fletcher", "General Manager"),
            Contact("Tamara", "Reid", "Purchasing Lead"),
            Contact("Calvin", "Brooks", "Warehouse Manager"),
        ),
        (
            "we sell parts we do not actually have in stock",
            "stock transfers between our two warehouses are tracked on paper",
        ),
        ("Tallybook",),
        55,
        "Business",
        "counter clerks",
    ),
    Company(
        "alhambra",
        "Distribuciones Alhambra",
        "alhambra-dist.example",
        "Madrid",
        1,
        "es",
        "distribución de bebidas",
        "ae-lucia",
        "+34",
        "91",
        (
            Contact("Javier", "Ortega", "Director de Operaciones"),
            Contact("Carmen", "Ruiz", "Directora Financiera"),
            Contact("Pablo", "Serrano", "Jefe de Almacén", email=False),
            Contact("Elena", "Vidal", "Responsable de Sistemas"),
        ),
        (
            "los repartidores llaman a la oficina por cada cambio de ruta",
            "el inventario no cuadra a final de mes",
            "tardamos tres días en cerrar los informes mensuales",
        ),
        ("Stackwise", "Rutanet"),
        130,
        "Business",
        "repartidores",
    ),
    Company(
        "sierra",
        "Grupo Sierra Norte",
        "sierranorte.example",
        "Monterrey",
        -6,
        "es",
        "mantenimiento industrial",
        "ae-lucia",
        "+52",
        "81",
        (
            Contact("Alejandro", "Garza", "Gerente de Servicio"),
            Contact("Mariana", "Treviño", "Gerente de Finanzas"),
            Contact("Rodrigo", "Salinas", "Coordinador de Técnicos"),
        ),
        (
            "los técnicos llegan sin las refacciones correctas",
            "las órdenes de trabajo se pierden entre el call center y el campo",
        ),
        ("Opsly", "Rutanet"),
        75,
        "Team",
        "técnicos",
    ),
)

COMPANY_BY_KEY = {c.key: c for c in COMPANIES}


def company_id(company: Company) -> str:
    return f"crm-company-{COMPANIES.index(company) + 1:04d}"


def opportunity_id(company: Company, renewal: bool = False) -> str:
    return f"crm-opp-{COMPANIES.index(company) + 1:04d}{'-r' if renewal else ''}"


def contact_key(company: Company, index: int) -> str:
    return f"{company.key}-{index}"


def contact_crm_id(company: Company, index: int) -> str:
    # Contacts are numbered across all companies so that every id is unique and stable.
    offset = sum(len(c.contacts) for c in COMPANIES[: COMPANIES.index(company)])
    return f"crm-contact-{offset + index + 1:04d}"


def _ascii(text: str) -> str:
    return text.lower().translate(str.maketrans("áéíóúñ", "aeioun"))


def contact_person(company: Company, index: int) -> DemoPerson:
    c = company.contacts[index]
    email = f"{_ascii(c.first)}.{_ascii(c.last)}@{company.domain}" if c.email else None
    # Subscriber numbers 0100-0199 of the company's area, one per contact.
    number = 150 + COMPANIES.index(company) * 5 + index
    phone = None
    if c.phone:
        # Mexican numbers carry ten national digits, the others nine or ten with the area.
        digits = f"5550{number:04d}" if company.country_code == "+52" else f"555{number:04d}"
        phone = f"{company.country_code}{company.area}{digits}"
    return DemoPerson(
        contact_key(company, index),
        f"{c.first} {c.last}",
        email,
        phone,
        False,
        company.name,
        c.title,
    )
