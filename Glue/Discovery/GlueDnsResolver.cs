using System.Net;

namespace NFX.Glue;

/// <summary>
/// Resolves a host name to its addresses for <see cref="DnsEndpointProvider"/>; the default is
/// <see cref="Dns.GetHostAddressesAsync(string, CancellationToken)"/>. Tests and custom resolvers (a DNS client that
/// reads TTLs, a service registry) replace it.
/// </summary>
public delegate Task<IPAddress[]> GlueDnsResolver(string host, CancellationToken cancellationToken);
