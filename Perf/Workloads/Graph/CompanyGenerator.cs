namespace NFX.Perf.Workloads.Graph;

/// <summary>
/// Seeded generator of the complex graph. References stay short-ranged on purpose (peers and managers within a
/// department), so depth-first serializers recurse about one department deep, as in real object models.
/// </summary>
public static class CompanyGenerator
{
    private static readonly string[] s_first = ["Ada", "Boris", "Chen", "Dana", "Egor", "Fatima", "Grace", "Hiro", "Ines", "Jamal", "Kira", "Liam"];
    private static readonly string[] s_last = ["Novak", "Okafor", "Petrova", "Quinn", "Rossi", "Sato", "Tanaka", "Ulyanov", "Varga", "Weber"];
    private static readonly string[] s_skills = ["C#", "SQL", "Go", "Rust", "Ops", "ML", "UX", "QA", "Sales", "Legal", "Finance", "Support"];
    private static readonly DateTime s_epoch = new(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>Builds a company of <paramref name="departments"/> x <paramref name="employeesPerDepartment"/> employees.</summary>
    public static Company Create(Random random, int departments, int employeesPerDepartment, int projects)
    {
        var company = new Company
        {
            Name = "Aumcode Industries",
            Founded = s_epoch,
            Departments = new Department[departments],
            Projects = new List<Project>(projects),
            EmployeesById = new Dictionary<int, Employee>(departments * employeesPerDepartment),
            Tags = ["serialization", "graphs", "benchmarks"],
        };
        var all = new List<Employee>(departments * employeesPerDepartment);
        for (int d = 0; d < departments; d++)
        {
            Department department = CreateDepartment(random, company, d, employeesPerDepartment, all);
            company.Departments[d] = department;
        }
        foreach (Employee employee in all)
        {
            company.EmployeesById.Add(employee.Id, employee);
        }
        for (int p = 0; p < projects; p++)
        {
            company.Projects.Add(CreateProject(random, p, all));
        }
        return company;
    }

    private static Department CreateDepartment(Random random, Company company, int index, int size, List<Employee> all)
    {
        var department = new Department
        {
            Id = index,
            Name = "Department " + index,
            Company = company,
            Employees = new List<Employee>(size),
            Office = new Address
            {
                Street = random.Next(1, 300) + " Main St",
                City = "City " + random.Next(50),
                Zip = random.Next(10000, 99999).ToString(System.Globalization.CultureInfo.InvariantCulture),
                Latitude = random.NextDouble() * 180 - 90,
                Longitude = random.NextDouble() * 360 - 180,
            },
            Budget = random.Next(100_000, 10_000_000) + 0.25M,
        };
        for (int i = 0; i < size; i++)
        {
            var employee = new Employee
            {
                Id = all.Count + 1,
                FirstName = s_first[random.Next(s_first.Length)],
                LastName = s_last[random.Next(s_last.Length)] + "-" + random.Next(1000),
                Department = department,
                Office = department.Office,
                Home = new Address { Street = random.Next(1, 999) + " Oak Ave", City = "City " + random.Next(50), Zip = "0" + random.Next(1000, 9999) },
                Scores = [random.Next(100), random.Next(100), random.Next(100), random.Next(100)],
                Skills = [s_skills[random.Next(s_skills.Length)], s_skills[random.Next(s_skills.Length)]],
                Salary = Math.Round(40_000 + random.NextDouble() * 160_000, 2),
                HiredOn = s_epoch.AddDays(random.Next(8000)),
                IsActive = random.Next(10) != 0,
            };
            employee.Email = employee.FirstName + "." + employee.Id + "@example.com";
            department.Employees.Add(employee);
            all.Add(employee);
        }
        Employee head = department.Employees[0];
        department.Head = head;
        head.DirectReports = new List<Employee>(size - 1);
        for (int i = 1; i < size; i++)
        {
            Employee employee = department.Employees[i];
            employee.Manager = head;
            head.DirectReports.Add(employee);
        }
        for (int i = 0; i < size; i++)
        {
            // Neighbours in a ring, so peers are mutual (cycles) and stay within the department.
            int count = Math.Min(size - 1, 2 + random.Next(3));
            var peers = new Employee[count];
            for (int k = 0; k < count; k++)
            {
                peers[k] = department.Employees[(i + k + 1) % size];
            }
            department.Employees[i].Peers = peers;
        }
        return department;
    }

    private static Project CreateProject(Random random, int index, List<Employee> all)
    {
        int members = 5 + random.Next(20);
        var project = new Project
        {
            Id = index,
            Name = "Project " + index,
            Members = new List<Employee>(members),
            Milestones = new Dictionary<string, DateTime>
            {
                ["start"] = s_epoch.AddDays(random.Next(9000)),
                ["beta"] = s_epoch.AddDays(random.Next(9000)),
                ["release"] = s_epoch.AddDays(random.Next(9000)),
            },
            Budget = random.Next(10_000, 1_000_000) + 0.5M,
        };
        for (int i = 0; i < members; i++)
        {
            project.Members.Add(all[random.Next(all.Count)]);
        }
        project.Lead = project.Members[0];
        return project;
    }
}
